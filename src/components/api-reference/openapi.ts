/**
 * The parts of an OpenAPI 3.0 document the API reference reads, and pure helpers that turn the
 * server's route schemas into rows: fields (name, type, required, constraints), parameters,
 * responses with their error codes, and stable anchors.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  description?: string;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Response {
  description?: string;
  content?: Record<string, {schema?: JsonSchema}>;
  headers?: Record<string, {description?: string; schema?: JsonSchema}>;
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: {required?: boolean; content?: Record<string, {schema?: JsonSchema}>};
  responses?: Record<string, Response>;
}

export interface OpenApiDocument {
  openapi: string;
  info: {title: string; version: string; description?: string};
  components?: {securitySchemes?: Record<string, {type: string; scheme?: string; description?: string}>};
  paths: Record<string, Record<string, Operation>>;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface OperationEntry {
  method: Method;
  path: string;
  operation: Operation;
  anchor: string;
}

export interface TagGroup {
  tag: string;
  title: string;
  description: string;
  anchor: string;
  operations: OperationEntry[];
}

/** Titles and order of the tags the server uses; unknown tags follow, titled by their name. */
export const TAGS: Record<string, {title: string; description: string}> = {
  auth: {title: 'Authentication', description: 'Accounts, email verification, sessions, passwords and the profile.'},
  keys: {title: 'API keys', description: 'Sandbox and production keys of your team (or of you, without a team).'},
  team: {title: 'Team', description: 'Members of your team and invitations.'},
  activity: {
    title: 'Activity log',
    description: 'Security events of your team (owners and admins) or your own, and their CSV export.',
  },
  sdk: {title: 'SDK sessions', description: 'The call the SDK makes from your page, authenticated with an API key.'},
  health: {title: 'Health', description: 'Whether the API and its database answer.'},
};

/** `POST /api/keys/{id}/rotate` -> `post-api-keys-id-rotate`. */
export function operationAnchor(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Operations grouped by their first tag, in the order of TAGS, each group in document order. */
export function groupOperations(document: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({method, path, operation, anchor: operationAnchor(method, path)});
      groups.set(tag, list);
    }
  }
  const known = Object.keys(TAGS);
  const order = [...known.filter((t) => groups.has(t)), ...[...groups.keys()].filter((t) => !known.includes(t)).sort()];
  return order.map((tag) => ({
    tag,
    title: TAGS[tag]?.title ?? tag.charAt(0).toUpperCase() + tag.slice(1),
    description: TAGS[tag]?.description ?? '',
    anchor: `tag-${operationAnchor('', tag)}`,
    operations: groups.get(tag)!,
  }));
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/** Every allowed literal when the schema is an enum, a const, or a union of those; otherwise null. */
export function enumValues(schema: JsonSchema): unknown[] | null {
  if (schema.enum) return schema.enum;
  if ('const' in schema && schema.const !== undefined) return [schema.const];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const parts = union.map(enumValues);
    if (parts.every((p): p is unknown[] => p !== null)) return parts.flat();
  }
  return null;
}

/** A short type for a table cell: `string`, `string (uuid)`, `"sandbox" | "production"`, `array of string`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  const values = enumValues(schema);
  if (values) return values.map(literal).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(' | ');
  const types = Array.isArray(schema.type)
    ? schema.type
    : schema.type
      ? [schema.type]
      : schema.properties
        ? ['object']
        : [];
  if (types.length === 1 && types[0] === 'null') return 'null';
  let label = types.filter((t) => t !== 'null').join(' | ') || 'any';
  if (label === 'array') label = `array of ${typeLabel(schema.items)}`;
  if (schema.format) label += ` (${schema.format})`;
  if (schema.nullable || types.includes('null')) label += ' | null';
  return label;
}

/**
 * Validation rules in words: `1-80 characters`, `at least 1`, `default "pro"`. A pattern is never shown: the contract
 * gives every patterned field its rule in words as its description (contract/test/schema-rules.test.ts).
 */
export function constraints(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const out: string[] = [];
  const {minLength, maxLength, minimum, maximum, minItems, maxItems} = schema;
  if (minLength !== undefined && maxLength !== undefined) out.push(`${minLength}-${maxLength} characters`);
  else if (minLength !== undefined) out.push(`at least ${minLength} character${minLength === 1 ? '' : 's'}`);
  else if (maxLength !== undefined) out.push(`at most ${maxLength} characters`);
  if (minimum !== undefined) out.push(`at least ${minimum}`);
  if (maximum !== undefined) out.push(`at most ${maximum}`);
  if (minItems !== undefined) out.push(`at least ${minItems} item${minItems === 1 ? '' : 's'}`);
  if (maxItems !== undefined) out.push(`at most ${maxItems} items`);
  if (schema.default !== undefined) out.push(`default ${literal(schema.default)}`);
  return out;
}

export interface Field {
  /** Dotted path: `error.code`, `keys[].status`. */
  name: string;
  type: string;
  required: boolean;
  constraints: string[];
  description?: string;
  depth: number;
}

/** The fields of an object schema, nested objects (and arrays of objects) flattened with dotted names. */
export function flattenFields(schema: JsonSchema | undefined, prefix = '', depth = 0): Field[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  const fields: Field[] = [];
  for (const [key, child] of Object.entries(schema.properties)) {
    const name = prefix + key;
    fields.push({
      name,
      type: typeLabel(child),
      required: required.has(key),
      constraints: constraints(child),
      description: child.description,
      depth,
    });
    if (child.properties) fields.push(...flattenFields(child, `${name}.`, depth + 1));
    else if (child.items?.properties) fields.push(...flattenFields(child.items, `${name}[].`, depth + 1));
  }
  return fields;
}

export function jsonSchema(content: Record<string, {schema?: JsonSchema}> | undefined): JsonSchema | undefined {
  return content?.['application/json']?.schema;
}

export interface ErrorCode {
  code: string;
  message: string;
}

/**
 * The error codes a response documents. The server writes them as the `error.code` enum and, with
 * their messages, in the description: `CODE: message | CODE: message`.
 */
export function errorCodes(response: Response): ErrorCode[] {
  const messages = new Map<string, string>();
  for (const part of (response.description ?? '').split(' | ')) {
    const match = /^([A-Z][A-Z0-9_]+): (.*)$/s.exec(part.trim());
    if (match) messages.set(match[1]!, match[2]!);
  }
  const schema = jsonSchema(response.content);
  const codeSchema = schema?.properties?.error?.properties?.code;
  const codes = (codeSchema && enumValues(codeSchema)?.map(String)) ?? [...messages.keys()];
  return codes.map((code) => ({code, message: messages.get(code) ?? ''}));
}

export const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No Content',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '413': 'Payload Too Large',
  '415': 'Unsupported Media Type',
  '423': 'Locked',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
};

export interface AuthLabel {
  scheme: string;
  label: string;
  description: string;
}

/** How an operation authenticates: a session token, an API key, or nothing (public). */
export function authOf(operation: Operation, document: OpenApiDocument): AuthLabel[] {
  const schemes = document.components?.securitySchemes ?? {};
  return (operation.security ?? []).flatMap((requirement) =>
    Object.keys(requirement).map((scheme) => ({
      scheme,
      label: scheme === 'session' ? 'Bearer session token' : scheme === 'apiKey' ? 'Bearer API key' : scheme,
      description: schemes[scheme]?.description ?? '',
    })),
  );
}

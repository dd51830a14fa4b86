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
  'server-keys': {
    title: 'Server keys',
    description: 'Keys for your servers to read submissions with; never in a web page. Owners and admins manage them.',
  },
  submissions: {
    title: 'Submissions',
    description: 'The answers your forms received, as the Submissions page shows them, and how long they are kept.',
  },
  'submissions-api': {
    title: 'Submissions API',
    description: 'Your server reads and deletes its submissions, as FHIR R4 QuestionnaireResponses, with a server key.',
  },
  webhooks: {
    title: 'Webhooks',
    description:
      'Endpoints your submissions are pushed to, signed, with their delivery log and a test inbox. Owners and admins manage them.',
  },
  flows: {title: 'Flows', description: "Your team's own intake flows (FHIR R4 Questionnaires), drafts and versions."},
  team: {title: 'Team', description: 'Members of your team and invitations.'},
  activity: {
    title: 'Activity log',
    description: 'Security events of your team (owners and admins) or your own, and their CSV export.',
  },
  sdk: {
    title: 'SDK',
    description: 'The calls the SDK makes from your page with an API key: the session, then the answers.',
  },
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

/**
 * A JSON schema of the OpenAPI document in the words the reference shows: a type label, its constraints, the
 * fields of an object (flattened with dotted names) and the error codes a response documents.
 */
import type {JsonSchema, Response} from './openapi';

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

/**
 * The fields of an object schema, nested objects (and arrays of objects) flattened with dotted names; an object that
 * may be null (anyOf [object, null] in OpenAPI 3.1) shows its fields too.
 */
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
    const object = child.properties ? child : child.anyOf?.find((s) => s.properties);
    if (object) fields.push(...flattenFields(object, `${name}.`, depth + 1));
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

/**
 * Request examples of an operation in curl, JavaScript and Python, written from its OpenAPI entry: the method, the
 * path (path parameters as placeholders), the bearer credential it takes and an example body built from its schema.
 * The placeholders are the guide's: `%API_URL%` is filled with the API's address, `YOUR_SANDBOX_KEY` with the reader's
 * sandbox key when they have one.
 */
import type {JsonSchema, OperationEntry} from './openapi';
import {enumValues} from './schema-rows';

export type ExampleLanguage = 'curl' | 'javascript' | 'python';

export const EXAMPLE_LANGUAGES: ReadonlyArray<{value: ExampleLanguage; label: string; prism: string}> = [
  {value: 'curl', label: 'curl', prism: 'bash'},
  {value: 'javascript', label: 'JavaScript', prism: 'js'},
  {value: 'python', label: 'Python', prism: 'python'},
];

/** What a signed-in request sends: the token POST /api/auth/login answered, kept in an environment variable. */
export const SESSION_TOKEN_VARIABLE = 'INTAKEKIT_TOKEN';

/** An example value for a schema: its example or default, else one of its values, else a value of its type. */
export function exampleValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return null;
  const given =
    (schema as {examples?: unknown[]; example?: unknown}).examples?.[0] ?? (schema as {example?: unknown}).example;
  if (given !== undefined) return given;
  if (schema.default !== undefined) return schema.default;
  const values = enumValues(schema);
  if (values && values.length > 0) return values.find((v) => v !== null) ?? values[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return exampleValue(union.find((s) => s.type !== 'null') ?? union[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) return exampleObject(schema);
  if (type === 'array') return [exampleValue(schema.items, name)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  return exampleString(schema, name);
}

function exampleString(schema: JsonSchema, name: string): string {
  switch (schema.format) {
    case 'email':
      return 'ada@clinic.example';
    case 'uuid':
      return '6f1c2b1e-8d3a-4c55-9a3e-2b7f0c9d1e4a';
    case 'date-time':
      return '2026-12-31T23:59:59Z';
    case 'date':
      return '2026-12-31';
  }
  if (/email/i.test(name)) return 'ada@clinic.example';
  if (/password/i.test(name)) return 'correct-horse-battery-staple';
  if (/origin/i.test(name)) return 'https://clinic.example';
  if (/name/i.test(name)) return 'Ada Lovelace';
  if (/flowid/i.test(name)) return 'new-patient';
  return name ? `your-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'text';
}

/** An object's required properties (all of them when none is required), each with an example value. */
function exampleObject(schema: JsonSchema): Record<string, unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const chosen = required.size > 0 ? properties.filter(([key]) => required.has(key)) : properties.slice(0, 3);
  return Object.fromEntries(chosen.map(([key, child]) => [key, exampleValue(child, key)]));
}

export interface ExampleRequest {
  method: string;
  /** The path with its parameters as `<name>` placeholders, and the query's required parameters. */
  path: string;
  /** The bearer credential in the language's own words; null for a public operation. */
  auth: 'session' | 'apiKey' | null;
  body: Record<string, unknown> | null;
}

/** What the examples of an operation send. */
export function exampleRequest(entry: OperationEntry, bodySchema: JsonSchema | undefined): ExampleRequest {
  const {method, path, operation} = entry;
  const query = (operation.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(exampleValue(p.schema, p.name)))}`);
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const auth = schemes.includes('apiKey') ? 'apiKey' : schemes.includes('session') ? 'session' : null;
  const body = bodySchema ? (exampleValue(bodySchema) as Record<string, unknown>) : null;
  return {
    method: method.toUpperCase(),
    path: path.replace(/\{(\w+)\}/g, '<$1>') + (query.length > 0 ? `?${query.join('&')}` : ''),
    auth,
    body: body && Object.keys(body).length > 0 ? body : null,
  };
}

const indent = (text: string, spaces: number) => text.replace(/\n/g, `\n${' '.repeat(spaces)}`);

export function curlExample({method, path, auth, body}: ExampleRequest): string {
  const lines = [`curl -X ${method} "%API_URL%${path}"`];
  if (auth === 'session') lines.push(`-H "Authorization: Bearer $${SESSION_TOKEN_VARIABLE}"`);
  if (auth === 'apiKey') lines.push('-H "Authorization: Bearer YOUR_SANDBOX_KEY"');
  if (body) {
    lines.push('-H "Content-Type: application/json"');
    lines.push(`-d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n  ');
}

export function javascriptExample({method, path, auth, body}: ExampleRequest): string {
  const headers = [
    ...(auth === 'session' ? [`Authorization: \`Bearer \${process.env.${SESSION_TOKEN_VARIABLE}}\``] : []),
    ...(auth === 'apiKey' ? ["Authorization: 'Bearer YOUR_SANDBOX_KEY'"] : []),
    ...(body ? ["'Content-Type': 'application/json'"] : []),
  ];
  const options = [
    `method: '${method}'`,
    ...(headers.length > 0 ? [`headers: {\n    ${headers.join(',\n    ')},\n  }`] : []),
    ...(body ? [`body: JSON.stringify(${indent(JSON.stringify(body, null, 2), 2)})`] : []),
  ];
  return [
    `const response = await fetch('%API_URL%${path}', {`,
    `  ${options.join(',\n  ')},`,
    '});',
    'const answer = await response.json();',
  ].join('\n');
}

/** A JSON value as Python source (True, False, None). */
function python(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (Array.isArray(value)) return `[${value.map((v) => python(v, depth + 1)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${python(v, depth + 1)},`).join('\n')}\n${end}}`;
}

export function pythonExample({method, path, auth, body}: ExampleRequest): string {
  const lines = ['import os', '', 'import requests', ''];
  const args = [`"%API_URL%${path}"`];
  if (auth === 'session') args.push(`headers={"Authorization": f"Bearer {os.environ['${SESSION_TOKEN_VARIABLE}']}"}`);
  if (auth === 'apiKey') args.push('headers={"Authorization": "Bearer YOUR_SANDBOX_KEY"}');
  if (body) args.push(`json=${python(body, 1)}`);
  args.push('timeout=10');
  lines.push(
    `response = requests.${method.toLowerCase()}(`,
    ...args.map((a) => `    ${a},`),
    ')',
    'answer = response.json()',
  );
  // `os` is only needed for the session token.
  return (auth === 'session' ? lines : lines.slice(2)).join('\n');
}

export const EXAMPLE_WRITERS: Record<ExampleLanguage, (request: ExampleRequest) => string> = {
  curl: curlExample,
  javascript: javascriptExample,
  python: pythonExample,
};

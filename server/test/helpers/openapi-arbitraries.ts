// Request generators derived from the server's own OpenAPI document: for each operation, fast-check
// arbitraries of path parameters, query strings and bodies that are valid for the declared JSON
// schema (types, required, lengths, patterns, formats, enums) or deliberately broken (missing
// fields, wrong types, huge, unicode, SQL-looking, extra properties, malformed or non-JSON bodies).
// Values the schema cannot guess (a real password, a real link token) come from a `known` pool that
// the test keeps current, so the success paths are reached too.
import fc from 'fast-check';

// Only the parts of JSON Schema our document uses.
export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  description?: string;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /api/keys/{id}/rotate. */
  path: string;
  label: string;
  pathParams: Array<{name: string; schema: JsonSchema}>;
  query: Array<{name: string; required: boolean; schema: JsonSchema}>;
  body?: JsonSchema;
  /** Security scheme names (session, apiKey); empty for public routes. */
  security: string[];
  /** Declared responses: status -> JSON schema of the body (undefined: no body, or one that is not JSON). */
  responses: Map<number, JsonSchema | undefined>;
  /** Declared responses whose body is not JSON: status -> its media type (text/csv; a JSON type beside JSON is not). */
  textResponses: Map<number, string>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: Array<{in: string; name: string; required?: boolean; schema: JsonSchema}>;
  requestBody?: {content: Record<string, {schema: JsonSchema}>};
  security?: Array<Record<string, string[]>>;
  responses: Record<string, {content?: Record<string, {schema: JsonSchema}>}>;
}

export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        label: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({name: p.name, schema: p.schema})),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({name: p.name, required: p.required ?? false, schema: p.schema})),
        ...(op.requestBody && {body: op.requestBody.content['application/json']!.schema}),
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        responses: new Map(
          Object.entries(op.responses).map(([status, r]) => [Number(status), r.content?.['application/json']?.schema]),
        ),
        textResponses: new Map(
          Object.entries(op.responses).flatMap(([status, r]) =>
            Object.keys(r.content ?? {})
              // A JSON media type of its own (application/fhir+json) is asked for by Accept; JSON is the default.
              .filter(
                (type) => type !== 'application/json' && !(r.content?.['application/json'] && type.endsWith('+json')),
              )
              .map((type) => [Number(status), type] as const),
          ),
        ),
      });
    }
  }
  return operations;
}

/** Live pools of realistic values by field name (read at generation time, so the test can refresh them). */
export type Known = Record<string, () => readonly unknown[]>;

const codePoints = (s: string) => [...s].length;

export const SQL_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5); --',
  '" OR ""="',
  "admin'--",
  "%' OR 1=1 --",
  "x' UNION SELECT key_ciphertext FROM api_keys --",
  '$1',
  '\\x00',
];

const UNICODE_STRINGS = [
  'zoë',
  'İstanbul',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩🏽‍💻',
  '\u202Eevil',
  'a\u0000b',
  '\uFEFF',
  '‮',
  'ß'.repeat(90),
  '\u0301',
];

/** A value from one pool entry, chosen when the value is generated. */
function fromPool(pool: () => readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .nat()
    .map((n) => {
      const values = pool();
      return values.length === 0 ? undefined : values[n % values.length];
    })
    .filter((v) => v !== undefined);
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time')
    return fc.date({min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true}).map((d) => d.toISOString());
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (s: string) => codePoints(s) >= min && codePoints(s) <= max;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    // A whole value of one character class (`^[...]*$`): its characters drawn from the class, its length from the
    // schema's. fast-check generates short strings from such a pattern, and filtering them to a minimum length (the
    // 20 to 2,000 characters of a production-access plan) kept it drawing for minutes.
    const oneClass = /^\^(\[(?:\\.|[^\]\\])+\])([*+])\$$/.exec(schema.pattern);
    if (oneClass) {
      const unit = fc.stringMatching(new RegExp(`^${oneClass[1]}$`));
      const least = Math.max(min, oneClass[2] === '+' ? 1 : 0);
      return fc
        .string({unit, minLength: least, maxLength: Math.max(least, Math.min(max, 60))})
        .filter((s) => fits(s) && pattern.test(s));
    }
    // fast-check cannot generate from a lookahead (the email rule's 64-character local part): generate from the
    // pattern without it, and keep the values the whole pattern matches.
    const generated = new RegExp(schema.pattern.replace(/\(\?=[^()]*\)/g, ''));
    return fc.stringMatching(generated).filter((s) => fits(s) && pattern.test(s));
  }
  const short = Math.min(max, 60);
  return fc
    .oneof(
      fc.string({minLength: min, maxLength: short}),
      fc.string({minLength: min, maxLength: short, unit: 'grapheme'}),
      fc.string({minLength: min, maxLength: short, unit: 'binary'}),
      fc.constantFrom(...UNICODE_STRINGS, ...SQL_STRINGS),
      // At the limit: the longest value the schema allows.
      fc.constant('L'.repeat(Math.max(min, Math.min(max, 5000)))),
    )
    .filter(fits);
}

/** A value that satisfies `schema`. */
export function validValue(schema: JsonSchema, known: Known = {}, field?: string): fc.Arbitrary<unknown> {
  const pool = field ? known[field] : undefined;
  const base = baseValue(schema, known);
  const withPool = pool ? fc.oneof({arbitrary: base, weight: 1}, {arbitrary: fromPool(pool), weight: 3}) : base;
  return schema.nullable ? fc.oneof(fc.constant(null), withPool) : withPool;
}

function baseValue(schema: JsonSchema, known: Known): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, known)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.double({noNaN: true, noDefaultInfinity: true});
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, known), {maxLength: 4});
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const entries = Object.entries(properties).map(([name, s]) => [name, validValue(s, known, name)] as const);
      return fc.record(Object.fromEntries(entries), {requiredKeys: schema.required ?? []});
    }
    default:
      return fc.anything();
  }
}

/** Anything a hostile or broken client may put where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(''),
  fc.constant('   '),
  fc.array(fc.string(), {maxLength: 3}),
  fc.dictionary(fc.string({maxLength: 8}), fc.string({maxLength: 8}), {maxKeys: 3}),
  fc.constant({$ne: null}),
  fc.string({unit: 'binary', maxLength: 80}),
  fc.constantFrom(...SQL_STRINGS, ...UNICODE_STRINGS),
  // Large but under the 64 kB body limit (that one has its own case).
  fc.integer({min: 300, max: 20_000}).map((n) => 'x'.repeat(n)),
);

export type Payload =
  | {kind: 'none'}
  | {kind: 'json'; value: unknown}
  | {kind: 'raw'; body: string; contentType: string}
  /** A JSON body of this many bytes, built when sent (so a failure report stays readable). */
  | {kind: 'oversize'; bytes: number};

export interface BodyCase {
  variant: string;
  payload: Payload;
}

const MALFORMED_JSON = [
  '{',
  '{"email":',
  'nul',
  '[1,',
  '{"a":1,}',
  "{'a':1}",
  '{"a":"\\x"}',
  '\u0000',
  'undefined',
  '{"a":NaN}',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
];

/** Bodies for an operation: mostly schema-valid, the rest broken in every way we know. */
export function bodyCase(schema: JsonSchema | undefined, known: Known): fc.Arbitrary<BodyCase> {
  const valid = schema ? validValue(schema, known) : fc.constant({});
  const required = schema?.required ?? [];
  const fields = Object.keys(schema?.properties ?? {});
  const json =
    (variant: string) =>
    (value: unknown): BodyCase => ({variant, payload: {kind: 'json', value}});
  const asObject = (v: unknown) => v as Record<string, unknown>;
  const cases: Array<fc.WeightedArbitrary<BodyCase>> = [
    {weight: schema ? 12 : 2, arbitrary: valid.map(json('valid'))},
    {weight: 2, arbitrary: fc.constant<BodyCase>({variant: 'no body', payload: {kind: 'none'}})},
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.dictionary(fc.string({minLength: 1, maxLength: 12}), hostileValue, {minKeys: 1, maxKeys: 3}))
        .map(([v, extra]) => json('extra properties')({...extra, ...asObject(v)})),
    },
    {weight: 1, arbitrary: hostileValue.map(json('not an object'))},
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          fc.tuple(valid, fc.nat()).map(([v, n]) => {
            const text = JSON.stringify(v);
            return text.slice(0, n % Math.max(1, text.length));
          }),
        )
        .map((body): BodyCase => ({
          variant: 'malformed JSON',
          payload: {kind: 'raw', body, contentType: 'application/json'},
        })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...OTHER_TYPES)).map(([v, contentType]): BodyCase => ({
        variant: 'not JSON',
        payload: {kind: 'raw', body: JSON.stringify(v), contentType},
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({min: 65 * 1024, max: 200 * 1024})
        .map((bytes): BodyCase => ({variant: 'over 64 kB', payload: {kind: 'oversize', bytes}})),
    },
  ];
  if (fields.length > 0) {
    cases.push({
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...fields), hostileValue)
        .map(([v, field, bad]) => json(`${field} hostile`)({...asObject(v), [field]: bad})),
    });
  }
  if (required.length > 0) {
    cases.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.subarray(required, {minLength: 1})).map(([v, missing]) => {
        const copy = {...asObject(v)};
        for (const field of missing) delete copy[field];
        return json(`without ${missing.join('+')}`)(copy);
      }),
    });
  }
  return fc.oneof(...cases);
}

/** Raw path segments a careless or hostile client might send (not percent-encoded by us). */
export const RAW_SEGMENTS = ['..', '%2F', 'a%2Fb', '%00', '00000000-0000-0000-0000-000000000000', ''];

/**
 * A path segment: valid for the schema, a real id from the pool, or junk (encoded, or raw from
 * `raw`), at most `maxLength` characters as sent.
 */
export function pathSegment(
  schema: JsonSchema,
  pool: () => readonly string[],
  options: {raw?: readonly string[]; maxLength?: number} = {},
): fc.Arbitrary<string> {
  const {raw = RAW_SEGMENTS, maxLength = Infinity} = options;
  const encoded = (a: fc.Arbitrary<unknown>) => a.map((v) => encodeURIComponent(String(v)));
  return fc
    .oneof(
      {weight: 3, arbitrary: encoded(validValue(schema))},
      {weight: 6, arbitrary: encoded(fromPool(pool))},
      {
        weight: 2,
        arbitrary: encoded(
          fc.oneof(fc.string({unit: 'binary', maxLength: 40}), fc.constantFrom(...SQL_STRINGS, ...UNICODE_STRINGS)),
        ),
      },
      {weight: 1, arbitrary: fc.constantFrom(...raw)},
    )
    .filter((segment) => segment.length <= maxLength);
}

/** A query string for the declared parameters, sometimes missing, repeated, hostile or with extras. */
export function queryString(params: Operation['query'], known: Known): fc.Arbitrary<string> {
  if (params.length === 0) return fc.constantFrom('', '?unexpected=1', "?q=' OR 1=1");
  const one = (p: Operation['query'][number]) =>
    fc.oneof(
      {weight: 5, arbitrary: validValue(p.schema, known, p.name).map((v) => [[p.name, String(v)]])},
      {weight: 1, arbitrary: fc.constant([])},
      {
        weight: 1,
        arbitrary: fc.tuple(fc.string(), fc.string()).map(([a, b]) => [
          [p.name, a],
          [p.name, b],
        ]),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...SQL_STRINGS, ...UNICODE_STRINGS, '', 'x'.repeat(5000)).map((v) => [[p.name, v]]),
      },
    );
  return fc.tuple(fc.tuple(...params.map(one)), fc.boolean()).map(([pairs, extra]) => {
    const search = new URLSearchParams([...pairs.flat(), ...(extra ? [['extra', '1']] : [])] as Array<
      [string, string]
    >);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}

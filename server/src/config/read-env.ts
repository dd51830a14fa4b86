// Checks the environment against the schema with env-schema (ajv: coercion, defaults, every error at once)
// and states each bad variable in one sentence that names it, says what it must be and what it was.
import envSchema from 'env-schema';
import {ENV_SCHEMA, MAILBOX_FORMAT, URL_FORMATS, type Env} from './schema.js';
import {redactUrl} from './redact-url.js';

interface Property {
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  format?: string;
  minLength?: number;
  writeOnly?: boolean;
}
const PROPERTIES = ENV_SCHEMA.properties as Record<string, Property>;

/** How to make a good secret, where one is too short. */
const HINTS: Record<string, string> = {
  SECRET_KEY: ' (e.g. `openssl rand -base64 32`)',
  METRICS_TOKEN: ' (e.g. `openssl rand -hex 32`)',
};

const isUrlFormat = (format: string | undefined): format is keyof typeof URL_FORMATS =>
  format !== undefined && format in URL_FORMATS;

/** What a variable's value must be, in words, read from its schema. */
function expectation(name: string, property: Property): string {
  const {type, minimum, maximum, format} = property;
  if (property.enum) {
    const values = property.enum;
    return values.length === 2 ? `be ${values.join(' or ')}` : `be one of ${values.join(', ')}`;
  }
  if (type === 'integer') return `be a whole number from ${minimum} to ${maximum}`;
  if (type === 'number') return `be a number from ${minimum} to ${maximum}`;
  if (type === 'boolean') return 'be true or false';
  if (format === MAILBOX_FORMAT) return 'contain an email address';
  if (isUrlFormat(format)) return `be a URL starting with ${URL_FORMATS[format].map((p) => `${p}//`).join(' or ')}`;
  return `be at least ${property.minLength} characters${HINTS[name] ?? ''}`;
}

/** The error for one variable: a secret's value is never shown, a URL's password is hidden. */
export function problemWith(name: string, raw: string): string {
  const property = PROPERTIES[name] ?? {};
  const shown = isUrlFormat(property.format) ? redactUrl(raw) : raw;
  return `${name} must ${expectation(name, property)}${property.writeOnly ? '' : ` (got "${shown}")`}`;
}

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

interface Formats<A> {
  addFormat(name: string, format: (value: string) => boolean): A;
}
function addFormats<A extends Formats<A>>(ajv: A): A {
  for (const [name, protocols] of Object.entries(URL_FORMATS)) ajv.addFormat(name, (v) => isUrl(v, protocols));
  return ajv.addFormat(MAILBOX_FORMAT, (value) => value.includes('@'));
}

const DECIMAL = /^\d+(\.\d+)?$/;
const TRUE = ['true', '1', 'yes'];
const FALSE = ['false', '0', 'no'];

/**
 * The variables the schema names, trimmed (empty counts as unset). Numbers must be plain decimals (ajv would
 * also take `1e3` or `0x10`); true/false may also be written 1/0 or yes/no; enumerations ignore case.
 */
function present(env: Record<string, string | undefined>, problems: string[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(PROPERTIES)) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const word = raw.toLowerCase();
    if ((property.type === 'integer' || property.type === 'number') && !DECIMAL.test(raw)) {
      problems.push(problemWith(name, raw));
    } else if (property.type === 'boolean') {
      data[name] = TRUE.includes(word) ? true : FALSE.includes(word) ? false : word;
    } else {
      data[name] = property.enum ? word : raw;
    }
  }
  return data;
}

type Ajv = Parameters<Extract<envSchema.EnvSchemaOpt['ajv'], {customOptions: unknown}>['customOptions']>[0];
// One ajv for the process, made by env-schema the first time: the schema is compiled once.
let ajv: Ajv | undefined;
const check = (data: Record<string, unknown>): Env =>
  envSchema<Env>({
    schema: ENV_SCHEMA,
    env: false,
    data,
    ajv: ajv ?? {customOptions: (fresh) => (ajv = addFormats(fresh))},
  });

/**
 * The environment's values, typed, with defaults for what is unset. A bad variable adds its problem and
 * counts as unset, so the rules that follow still see whole values and every problem is told at once.
 */
export function readEnv(env: Record<string, string | undefined>): {values: Env; problems: string[]} {
  const problems: string[] = [];
  const data = present(env, problems);
  try {
    return {values: check(data), problems};
  } catch (error) {
    const errors = (error as {errors?: {instancePath: string}[]}).errors;
    if (!errors) throw error;
    for (const name of new Set(errors.map((e) => e.instancePath.slice(1)))) {
      problems.push(problemWith(name, String(data[name])));
      delete data[name];
    }
    return {values: check(data), problems};
  }
}

// Shared TypeBox primitives: the contract's shapes, reused by every route, by the OpenAPI document and (as
// Static types) by the portal's API client. The one TypeBox import of the contract and the server is `typebox`.
// Every schema file imports TypeBox as a namespace: a bundler then keeps only the builders the portal's pages use
// (the named `Type` object holds them all, about 17 kB gzip on each form page).
import * as Type from 'typebox';
import type {Static, TLiteral, TSchema, TUnion} from 'typebox';
import {ERROR_CATALOGUE, type ErrorBody as ErrorBodyType, type ErrorCode} from '../errors.js';
import {EMAIL_MAX_LENGTH, EMAIL_PATTERN} from '../email.js';
import {PASSWORD_MAX_LENGTH} from '../password-policy.js';
import {PERSON_NAME_PATTERN, PERSON_NAME_RULE} from '../names.js';
import {SESSION_END_CODES} from '../sessions.js';

// The address rule of email.ts (RFC 5321 without SMTPUTF8), checked after the API's plugins/normalize-input.ts has
// trimmed and lowercased the address and converted an internationalised domain to punycode. Stored text never
// holds a control character: PostgreSQL refuses NUL in text outright (a 500 once it reached the query, found by
// the schema fuzz test), and the rule has none.
export const Email = Type.String({
  minLength: 1,
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  description:
    "An email address: a dot-atom local part of at most 64 characters (letters, digits and !#$%&'*+/=?^_`{|}~- with single dots between) and a domain name of two or more labels; an internationalised domain is accepted and converted to punycode. At most 254 characters; compared case-insensitively.",
});
/** A display name or team name: any characters but control characters. */
export const NAME_PATTERN = '^[^\\x00-\\x1f\\x7f]*$';
/** NAME_PATTERN in words, for the API reference (which shows rules, never regular expressions). */
export const NAME_RULE = 'Any characters except control characters (U+0000 to U+001F and U+007F).';
// Length bounds only: the rest of the rule (password-policy.ts) is checked by the account services, which answers
// INVALID_PASSWORD rather than a validation failure.
export const NewPassword = Type.String({minLength: 1, maxLength: PASSWORD_MAX_LENGTH});
// Any string: a wrong password is a credentials failure, not a validation failure.
export const AnyPassword = Type.String({minLength: 1, maxLength: 4096});
/** A person's or team's name: names.ts's rule (the pattern holds its characters; the services, its address part). */
export const PersonName = Type.String({maxLength: 80, pattern: PERSON_NAME_PATTERN, description: PERSON_NAME_RULE});
export const TurnstileToken = Type.String({minLength: 1, maxLength: 4096});
export const Uuid = Type.String({format: 'uuid'});
export const Timestamp = Type.String({format: 'date-time'});

export const MessageBody = Type.Object({message: Type.String()});
export type MessageBody = Static<typeof MessageBody>;

type LiteralUnion<T extends readonly string[]> = {-readonly [K in keyof T]: TLiteral<T[K]>} extends infer L extends
  TSchema[]
  ? TUnion<L>
  : never;

/** A union of string literals from one of the contract's lists, so the schema and the type are one. */
export function literalUnion<const T extends readonly string[]>(
  values: T,
  options?: {description?: string},
): LiteralUnion<T> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as LiteralUnion<T>;
}

export const TeamRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]);
export type TeamRole = Static<typeof TeamRoleSchema>;

export const UserBody = Type.Object({
  id: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  twoFactorEnabled: Type.Boolean(),
  team: Type.Union([
    Type.Object({
      id: Uuid,
      name: Type.String(),
      role: TeamRoleSchema,
      /** The owner requires two-factor of every member (members without it are kept from keys and the team page). */
      requireTwoFactor: Type.Boolean(),
    }),
    Type.Null(),
  ]),
  createdAt: Timestamp,
});
export type UserBody = Static<typeof UserBody>;

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      details: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), {
          description:
            'Only where a route says so: what its code needs beyond the message (the problems of 422 INVALID_QUESTIONNAIRE).',
        }),
      ),
    }),
  },
  {description: 'Every failure answers this shape.'},
);
export type ErrorBody = Static<typeof ErrorBody>;

/** True when two types are the same: the schemas and the plain types of the contract must agree. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Agrees<T extends true> = T;
export type ErrorBodyAgrees = Agrees<Same<ErrorBody, ErrorBodyType>>;

/** A refusal a route answers with its own message rather than the catalogue's. */
export interface RefusalWithMessage {
  code: ErrorCode;
  message: string;
}
/** A refusal whose body carries `error.details` of this shape (the problems of 422 INVALID_QUESTIONNAIRE). */
export interface RefusalWithDetails {
  code: ErrorCode;
  details: TSchema;
}
type Refusal = ErrorCode | [ErrorCode, number] | RefusalWithMessage | RefusalWithDetails;

/**
 * The body of the refusals of one status: `{ error: { code, message } }` with the code among `codes`, and each code's
 * message (the route's own where it has one) in the description; `details` where a code of the status has them.
 */
function errorSchema(codes: readonly ErrorCode[], messages: ReadonlyMap<ErrorCode, string>, details?: TSchema) {
  // A plain string enum (not a union of literals): documented in OpenAPI, and the serializer
  // never has to pick a branch.
  const error = {code: Type.Unsafe<string>({type: 'string', enum: [...codes]}), message: Type.String()};
  return Type.Object(
    {error: Type.Object(details ? {...error, details: Type.Optional(details)} : error)},
    {description: codes.map((c) => `${c}: ${messages.get(c) ?? ERROR_CATALOGUE[c].message}`).join(' | ')},
  );
}

/** The codes an errorSchema() lists, or undefined for any other schema. */
function codesOf(schema: TSchema | undefined): ErrorCode[] | undefined {
  const code = (schema as {properties?: {error?: {properties?: {code?: {enum?: unknown}}}}} | undefined)?.properties
    ?.error?.properties?.code;
  return Array.isArray(code?.enum) ? (code.enum as ErrorCode[]) : undefined;
}

/** The details an errorSchema() carries, if any. */
function detailsOf(schema: TSchema | undefined): TSchema | undefined {
  return (schema as {properties?: {error?: {properties?: {details?: TSchema}}}} | undefined)?.properties?.error
    ?.properties?.details;
}

/**
 * Response schemas for the refusals a route can give, grouped by status, so the OpenAPI
 * document lists each code. 500 can happen anywhere and is added to every route.
 */
export function errorResponses(...codes: Refusal[]): Record<number, TSchema> {
  // A session's 401 may say why it ended (sessions.ts): wherever a session can be refused, so can those.
  const sessionEnds = codes.includes('UNAUTHORIZED') ? Object.values(SESSION_END_CODES) : [];
  return withErrorCodes({}, [...codes, ...sessionEnds, 'SERVER_ERROR']);
}

/**
 * `responses` plus the refusals `codes` (a [code, status] pair for a code answered with another
 * status than the catalogue's), merged into the error schema of each status. Never mutates its input.
 */
export function withErrorCodes(responses: Record<string | number, TSchema>, codes: Refusal[]): Record<number, TSchema> {
  const merged: Record<number, TSchema> = {...responses};
  const added = new Map<number, ErrorCode[]>();
  const messages = new Map<ErrorCode, string>();
  const details = new Map<number, TSchema>();
  for (const entry of codes) {
    const [code, status] = Array.isArray(entry)
      ? entry
      : typeof entry === 'object'
        ? [entry.code, ERROR_CATALOGUE[entry.code].status]
        : [entry, ERROR_CATALOGUE[entry].status];
    if (typeof entry === 'object' && 'message' in entry) messages.set(entry.code, entry.message);
    if (typeof entry === 'object' && 'details' in entry) details.set(status, entry.details);
    added.set(status, [...(added.get(status) ?? []), code]);
  }
  for (const [status, list] of added) {
    const existing = merged[status];
    const current = codesOf(existing);
    if (existing && !current) throw new Error(`status ${status} is already declared with a body that is not a refusal`);
    const all = [...(current ?? [])];
    for (const code of list) if (!all.includes(code)) all.push(code);
    merged[status] = errorSchema(all, messages, details.get(status) ?? detailsOf(existing));
  }
  return merged;
}

// Shared TypeBox primitives: the contract's shapes, reused by every route and by the OpenAPI
// document. The one TypeBox import of the server is `typebox`.
import { Type, type Static, type TSchema } from 'typebox';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.js';

// A simple address shape (spec §5): something@something.something, no spaces. Emails are
// trimmed and lowercased before validation (see plugins/normalize-input.ts).
export const Email = Type.String({ minLength: 1, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
// Length bounds only; the character-mix and common-password rules live in lib/password-policy.ts.
export const NewPassword = Type.String({ minLength: 1, maxLength: 256 });
// Any string: a wrong password is a credentials failure, not a validation failure.
export const AnyPassword = Type.String({ minLength: 1, maxLength: 4096 });
export const PersonName = Type.String({ maxLength: 80 });
export const TurnstileToken = Type.String({ minLength: 1, maxLength: 4096 });
export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });

export const MessageBody = Type.Object({ message: Type.String() });

export const TeamRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]);

export const UserBody = Type.Object({
  id: Uuid,
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  team: Type.Union([Type.Object({ id: Uuid, name: Type.String(), role: TeamRoleSchema }), Type.Null()]),
  createdAt: Timestamp,
});
export type UserBody = Static<typeof UserBody>;

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
    }),
  },
  { description: 'Every failure answers this shape.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * Response schemas for the refusals a route can give, grouped by status, so the OpenAPI
 * document lists each code. 429 and 500 can happen anywhere and are added to every route.
 */
export function errorResponses(...codes: Array<ErrorCode | [ErrorCode, number]>): Record<number, TSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const entry of [...codes, 'SERVER_ERROR'] as Array<ErrorCode | [ErrorCode, number]>) {
    // A [code, status] pair documents a code answered with another status than the catalogue's.
    const [code, status] = Array.isArray(entry) ? entry : [entry, ERROR_CATALOGUE[entry].status];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TSchema> = {};
  for (const [status, list] of byStatus) {
    responses[status] = Type.Object(
      // A plain string enum (not a union of literals): documented in OpenAPI, and the serializer
      // never has to pick a branch.
      { error: Type.Object({ code: Type.Unsafe<string>({ type: 'string', enum: list }), message: Type.String() }) },
      { description: list.map((c) => `${c}: ${ERROR_CATALOGUE[c].message}`).join(' | ') },
    );
  }
  return responses;
}

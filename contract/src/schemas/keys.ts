// Shapes of /api/keys/*.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {GRACE_PERIODS, KEY_NAME_MAX_LENGTH, KEY_STATUSES, KEY_TYPES} from '../api-keys.js';
import {KEY_ORIGINS_MAX} from '../origins.js';
import {NAME_PATTERN, Timestamp, Uuid, literalUnion} from './common.js';

export const KeyTypeSchema = literalUnion(KEY_TYPES);

export const ApiKeyBody = Type.Object({
  id: Uuid,
  keyType: KeyTypeSchema,
  name: Type.String(),
  apiKey: Type.String({
    description:
      'Sandbox keys: the full key (ik_sandbox_...). Production keys: the key masked as the table shows it (first 8 and last 8 characters), except in the create and rotate answers, the only time a production key is shown whole.',
  }),
  status: literalUnion(KEY_STATUSES),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
  expiresAt: Type.Union([Timestamp, Type.Null()], {description: 'When the key stops working; null: never.'}),
  graceEndsAt: Type.Union([Timestamp, Type.Null()], {
    description:
      'Set on a key rotated with a grace period: it keeps working (status active) until then, beside its successor.',
  }),
  replacedBy: Type.Union([Uuid, Type.Null()], {description: 'The id of the key it was rotated into, if any.'}),
  allowedOrigins: Type.Array(Type.String(), {
    description:
      'Origins (scheme://host[:port], one leading wildcard label at most) allowed to start sessions. Empty: any origin for a sandbox key, none for a production key.',
  }),
  rateLimitPerMinute: Type.Integer({description: 'SDK sessions a minute this key may start.'}),
});
/** One key as the API lists it. */
export type ApiKey = Static<typeof ApiKeyBody>;

export const KeySettingsLimits = Type.Object({
  rateLimitDefault: Type.Integer({description: 'A new key’s sessions a minute (SDK_KEY_RATE_LIMIT).'}),
  rateLimitMax: Type.Integer({description: 'The most sessions a minute a key may be given (SDK_KEY_RATE_LIMIT_MAX).'}),
});
export type KeySettingsLimits = Static<typeof KeySettingsLimits>;

export const KeyListResponse = Type.Object({keys: Type.Array(ApiKeyBody), limits: KeySettingsLimits});
export type KeyListResponse = Static<typeof KeyListResponse>;
export const NewKeyResponse = Type.Object({
  apiKey: Type.String({description: 'The full new key, production keys included: shown this once.'}),
  key: ApiKeyBody,
});
export type NewKeyResponse = Static<typeof NewKeyResponse>;
export const KeyResponse = Type.Object({key: ApiKeyBody});
export type KeyResponse = Static<typeof KeyResponse>;
export const KeyIdParams = Type.Object({id: Uuid});

// Loose bounds only: the API checks the rules (api-keys.ts) and answers which one broke.
const KeyName = Type.String({
  maxLength: KEY_NAME_MAX_LENGTH * 4,
  pattern: NAME_PATTERN,
  description: `Trimmed, then 1 to ${KEY_NAME_MAX_LENGTH} characters with no control characters; otherwise INVALID_KEY_NAME.`,
});
const AllowedOrigins = Type.Array(Type.String({maxLength: 300}), {maxItems: KEY_ORIGINS_MAX});
const ExpiresAt = Type.Union([Timestamp, Type.Null()]);
const RateLimit = Type.Number({description: 'A whole number from 1 to limits.rateLimitMax.'});

/** The settings a key can be created with or changed to; each optional (a missing one keeps its value or default). */
export const KeySettingsBody = Type.Object({
  name: Type.Optional(KeyName),
  allowedOrigins: Type.Optional(AllowedOrigins),
  expiresAt: Type.Optional(ExpiresAt),
  rateLimitPerMinute: Type.Optional(RateLimit),
});
export type KeySettingsBody = Static<typeof KeySettingsBody>;

/** The portal sends the key's type along; when present it must match. */
export const KeyActionBody = Type.Object({keyType: Type.Optional(KeyTypeSchema)});
export type KeyActionBody = Static<typeof KeyActionBody>;

export const RotateKeyBody = Type.Object({
  keyType: Type.Optional(KeyTypeSchema),
  gracePeriod: Type.Optional(
    literalUnion(GRACE_PERIODS, {
      description: 'How long the old key keeps working beside the new one: now (the default), 1h, 24h or 7d.',
    }),
  ),
});
export type RotateKeyBody = Static<typeof RotateKeyBody>;

export const KeyUsageDay = Type.Object({
  day: Type.String({format: 'date', description: 'A UTC day.'}),
  sessions: Type.Integer(),
});
export const KeyOriginSeen = Type.Object({
  origin: Type.Union([Type.String(), Type.Null()], {description: 'null: requests without an Origin header.'}),
  lastSeenAt: Timestamp,
  requests: Type.Integer(),
});
export const KeyRequestLogEntry = Type.Object({
  at: Timestamp,
  origin: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.String({description: 'OK, or the error code the request was refused with.'}),
  status: Type.Integer({description: 'The HTTP status of the answer.'}),
  latencyMs: Type.Number(),
});
export const KeyUsageResponse = Type.Object({
  days: Type.Array(KeyUsageDay, {description: 'Sessions started per UTC day, the last 30 days, oldest first.'}),
  origins: Type.Array(KeyOriginSeen, {description: 'The origins most recently seen, newest first.'}),
  requests: Type.Array(KeyRequestLogEntry, {
    description: 'The last 100 requests that presented the key, refused ones included, newest first.',
  }),
});
export type KeyUsageResponse = Static<typeof KeyUsageResponse>;
export type KeyRequestLogEntry = Static<typeof KeyRequestLogEntry>;

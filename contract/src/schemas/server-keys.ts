// Shapes of /api/server-keys/*: the keys a clinic's backend reads the submissions API with. Their own routes and
// shapes, apart from the browser keys of /api/keys, whose list and key types stay as they are.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {KEY_NAME_MAX_LENGTH} from '../api-keys.js';
import {NAME_PATTERN, Timestamp, Uuid, literalUnion} from './common.js';
import {KeyTypeSchema} from './keys.js';

const EXAMPLE_KEY = {
  id: '7d0f6f0e-2b7a-4c4e-9a53-2f1de2a8c0b4',
  environment: 'sandbox',
  name: 'EHR bridge',
  apiKey: 'ik_serve**********************************4fQ9xK2a',
  status: 'active',
  createdAt: '2026-11-26T14:32:05.000Z',
  revokedAt: null,
} as const;
const EXAMPLE_VALUE = 'ik_server_sandbox_3hT9sQ2vXw7LmK4pR8dN1cB6yF0gJ5aZ2uE9iO4fQ9xK2a';

export const ServerKeyBody = Type.Object({
  id: Uuid,
  environment: KeyTypeSchema,
  name: Type.String(),
  apiKey: Type.String({
    description: 'The key masked (first 8 and last 8 characters): a server key is shown whole only once.',
  }),
  status: literalUnion(['active', 'revoked'] as const),
  createdAt: Timestamp,
  revokedAt: Type.Union([Timestamp, Type.Null()]),
});
export type ServerKey = Static<typeof ServerKeyBody>;

export const ServerKeyListResponse = Type.Object(
  {keys: Type.Array(ServerKeyBody, {description: 'Active keys, then recently revoked ones, newest first.'})},
  {examples: [{keys: [EXAMPLE_KEY]}]},
);
export type ServerKeyListResponse = Static<typeof ServerKeyListResponse>;

export const NewServerKeyResponse = Type.Object(
  {
    apiKey: Type.String({
      description: 'The full new key (ik_server_sandbox_... or ik_server_production_...): shown this once.',
    }),
    key: ServerKeyBody,
  },
  {
    examples: [
      {apiKey: EXAMPLE_VALUE, key: {...EXAMPLE_KEY, apiKey: 'ik_serve**********************************4fQ9xK2a'}},
    ],
  },
);
export type NewServerKeyResponse = Static<typeof NewServerKeyResponse>;

export const ServerKeyResponse = Type.Object(
  {key: ServerKeyBody},
  {examples: [{key: {...EXAMPLE_KEY, status: 'revoked', revokedAt: '2026-11-27T08:00:00.000Z'}}]},
);
export type ServerKeyResponse = Static<typeof ServerKeyResponse>;

export const ServerKeyIdParams = Type.Object({id: {...Uuid, examples: [EXAMPLE_KEY.id]}});

// Loose bounds: the API trims the name and checks its rule (normalizeKeyName), answering INVALID_KEY_SETTINGS.
export const NewServerKeyBody = Type.Object(
  {
    environment: KeyTypeSchema,
    name: Type.String({
      maxLength: KEY_NAME_MAX_LENGTH * 4,
      pattern: NAME_PATTERN,
      description: `Trimmed, then 1 to ${KEY_NAME_MAX_LENGTH} characters with no control characters.`,
    }),
  },
  {examples: [{environment: 'sandbox', name: 'EHR bridge'}]},
);
export type NewServerKeyBody = Static<typeof NewServerKeyBody>;

// Shapes of /api/keys/*.
import {Type, type Static} from 'typebox';
import {KEY_STATUSES, KEY_TYPES} from '../api-keys.js';
import {Timestamp, Uuid, literalUnion} from './common.js';

export const KeyTypeSchema = literalUnion(KEY_TYPES);

export const ApiKeyBody = Type.Object({
  id: Uuid,
  keyType: KeyTypeSchema,
  apiKey: Type.String({description: 'The full key (ik_sandbox_... / ik_production_...)'}),
  status: literalUnion(KEY_STATUSES),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
});
/** One key as the API lists it. */
export type ApiKey = Static<typeof ApiKeyBody>;

export const KeyListResponse = Type.Object({keys: Type.Array(ApiKeyBody)});
export type KeyListResponse = Static<typeof KeyListResponse>;
export const NewKeyResponse = Type.Object({apiKey: Type.String(), key: ApiKeyBody});
export type NewKeyResponse = Static<typeof NewKeyResponse>;
export const KeyResponse = Type.Object({key: ApiKeyBody});
export type KeyResponse = Static<typeof KeyResponse>;
export const KeyTypeParams = Type.Object({keyType: KeyTypeSchema});
export const KeyIdParams = Type.Object({id: Uuid});
/** The portal sends the key's type along; when present it must match. */
export const KeyActionBody = Type.Object({keyType: Type.Optional(KeyTypeSchema)});
export type KeyActionBody = Static<typeof KeyActionBody>;

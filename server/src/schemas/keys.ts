// Shapes of /api/keys/*.
import {Type} from 'typebox';
import {Timestamp, Uuid} from './common.js';

export const KeyTypeSchema = Type.Union([Type.Literal('sandbox'), Type.Literal('production')]);

export const ApiKeyBody = Type.Object({
  id: Uuid,
  keyType: KeyTypeSchema,
  apiKey: Type.String({description: 'The full key (ik_sandbox_... / ik_production_...)'}),
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()]),
});

export const KeyListResponse = Type.Object({keys: Type.Array(ApiKeyBody)});
export const NewKeyResponse = Type.Object({apiKey: Type.String(), key: ApiKeyBody});
export const KeyResponse = Type.Object({key: ApiKeyBody});
export const KeyTypeParams = Type.Object({keyType: KeyTypeSchema});
export const KeyIdParams = Type.Object({id: Uuid});
/** The portal sends the key's type along; when present it must match. */
export const KeyActionBody = Type.Object({keyType: Type.Optional(KeyTypeSchema)});

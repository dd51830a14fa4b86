import {apiClient} from '@site/src/lib/api-client';
import type {KeyType} from '@site/src/lib/api/keys';
import type {NewKeyResponse} from '@intakekit/contract/schemas/keys';

/** A new key: `apiKey` is the full key, shown once. */
export type IssuedKey = NewKeyResponse;

/** POST /api/keys/sandbox (or /production), no body. Only sandbox is called from the interface. */
export function createApiKey(keyType: KeyType): Promise<IssuedKey> {
  return apiClient.post<IssuedKey>(`/api/keys/${encodeURIComponent(keyType)}`);
}

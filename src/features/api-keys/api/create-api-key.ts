import {apiClient} from '@site/src/lib/api-client';
import type {ApiKey, KeyType} from '@site/src/lib/api/keys';

export interface IssuedKey {
  /** The full new key, shown once. */
  apiKey: string;
  key: ApiKey;
}

/** POST /api/keys/{keyType}, no body. Only sandbox is called from the interface (spec §7). */
export function createApiKey(keyType: KeyType): Promise<IssuedKey> {
  return apiClient.post<IssuedKey>(`/api/keys/${encodeURIComponent(keyType)}`);
}

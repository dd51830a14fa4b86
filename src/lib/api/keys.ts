/** GET /api/keys: the key list's request, cache key and types, shared by the API Keys page and the live demo. */
import {apiClient} from '@site/src/lib/api-client';

export type KeyType = 'sandbox' | 'production';
export type KeyStatus = 'active' | 'revoked';

/** One key as GET /api/keys lists it (spec §3, contract). */
export interface ApiKey {
  id: string;
  keyType: KeyType;
  apiKey: string;
  status: KeyStatus;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface ApiKeyList {
  keys: ApiKey[];
}

/** The cache key of the list: the path. Every reader uses it, so they share one cache entry and revalidate together. */
export const KEYS_PATH = '/api/keys';

/** GET /api/keys */
export function fetchApiKeys(): Promise<ApiKeyList> {
  return apiClient.get<ApiKeyList>(KEYS_PATH);
}

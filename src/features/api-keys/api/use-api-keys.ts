import useSWR from 'swr';
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

/** The cache key of the list: the path (the demo's sandbox-key hook shares it). */
export const KEYS_PATH = '/api/keys';

/** GET /api/keys */
export function fetchApiKeys(): Promise<ApiKeyList> {
  return apiClient.get<ApiKeyList>(KEYS_PATH);
}

/** The team's (or the user's own) keys, newest first. */
export function useApiKeys() {
  const result = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  return {...result, keys: result.data?.keys};
}

/** GET /api/keys: the key list's request, cache key and types, shared by the API Keys page and the live demo. */
import {apiClient} from '@site/src/lib/api-client';
import type {KeyListResponse} from '@intakekit/contract/schemas/keys';

export type {KeyStatus, KeyType} from '@intakekit/contract/api-keys';
/** One key as GET /api/keys lists it. */
export type {ApiKey} from '@intakekit/contract/schemas/keys';
export type ApiKeyList = KeyListResponse;

/** The cache key of the list: the path. Every reader uses it, so they share one cache entry and revalidate together. */
export const KEYS_PATH = '/api/keys';

/** GET /api/keys */
export function fetchApiKeys(): Promise<ApiKeyList> {
  return apiClient.get<ApiKeyList>(KEYS_PATH);
}

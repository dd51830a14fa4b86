import {apiClient} from '@site/src/lib/api-client';
import type {ApiKey} from '@site/src/lib/api/keys';

/** DELETE /api/keys/{id}/revoke with {keyType}: the key becomes non-active. */
export function revokeApiKey(key: Pick<ApiKey, 'id' | 'keyType'>): Promise<{key: ApiKey}> {
  return apiClient.del<{key: ApiKey}>(`/api/keys/${encodeURIComponent(key.id)}/revoke`, {keyType: key.keyType});
}

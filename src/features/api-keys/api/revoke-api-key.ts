import {apiClient} from '@site/src/lib/api-client';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {KeyActionBody, KeyResponse} from '@intakekit/contract/schemas/keys';

/** DELETE /api/keys/{id}/revoke with {keyType}: the key becomes non-active. */
export function revokeApiKey(key: Pick<ApiKey, 'id' | 'keyType'>): Promise<KeyResponse> {
  const body: KeyActionBody = {keyType: key.keyType};
  return apiClient.del<KeyResponse>(`/api/keys/${encodeURIComponent(key.id)}/revoke`, body);
}

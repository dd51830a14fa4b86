import {apiClient} from '@site/src/lib/api-client';
import type {KeyResponse, KeySettingsBody} from '@intakekit/contract/schemas/keys';

/** PATCH /api/keys/{id}: a key's name, allowed origins, expiry or limit. */
export function updateApiKey(id: string, settings: KeySettingsBody): Promise<KeyResponse> {
  return apiClient.patch<KeyResponse>(`/api/keys/${encodeURIComponent(id)}`, settings);
}

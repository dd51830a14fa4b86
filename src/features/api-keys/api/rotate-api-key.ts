import {apiClient} from '@site/src/lib/api-client';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {KeyActionBody} from '@intakekit/contract/schemas/keys';
import type {IssuedKey} from './create-api-key';

/** POST /api/keys/{id}/rotate with {keyType}: the old key stops working, the answer holds the new one. */
export function rotateApiKey(key: Pick<ApiKey, 'id' | 'keyType'>): Promise<IssuedKey> {
  const body: KeyActionBody = {keyType: key.keyType};
  return apiClient.post<IssuedKey>(`/api/keys/${encodeURIComponent(key.id)}/rotate`, body);
}

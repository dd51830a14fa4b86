import {apiClient} from '@site/src/lib/api-client';
import type {ApiKey} from '@site/src/lib/api/keys';
import type {GracePeriod} from '@intakekit/contract/api-keys';
import type {RotateKeyBody} from '@intakekit/contract/schemas/keys';
import type {IssuedKey} from './create-api-key';

/**
 * POST /api/keys/{id}/rotate with {keyType, gracePeriod}: the answer holds the new key; the old one stops working
 * now or at the end of the grace period.
 */
export function rotateApiKey(
  key: Pick<ApiKey, 'id' | 'keyType'>,
  gracePeriod: GracePeriod = 'now',
): Promise<IssuedKey> {
  const body: RotateKeyBody = {keyType: key.keyType, gracePeriod};
  return apiClient.post<IssuedKey>(`/api/keys/${encodeURIComponent(key.id)}/rotate`, body);
}

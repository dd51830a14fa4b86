import {apiClient} from '@site/src/lib/api-client';
import type {TransferBody, TransferResponse} from '@intakekit/contract/schemas/team';

/**
 * POST /api/team/transfer with {userId, password} (owner only): the chosen member becomes the owner and the
 * caller an admin. A wrong password is 400 INVALID_CURRENT_PASSWORD, so the session stays.
 */
export function transferOwnership(input: TransferBody): Promise<TransferResponse> {
  return apiClient.post<TransferResponse>('/api/team/transfer', input);
}

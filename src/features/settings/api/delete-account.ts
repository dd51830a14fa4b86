import {apiClient} from '@site/src/lib/api-client';
import type {DeleteAccountBody} from '@intakekit/contract/schemas/auth';

/** DELETE /api/auth/account with {password}: the account and all its sessions are gone (204). */
export function deleteAccount(password: string): Promise<void> {
  const body: DeleteAccountBody = {password};
  return apiClient.del<void>('/api/auth/account', body);
}

import {apiClient} from '@site/src/lib/api-client';

/** DELETE /api/auth/account with {password}: the account and all its sessions are gone (204). */
export function deleteAccount(password: string): Promise<void> {
  return apiClient.del<void>('/api/auth/account', {password});
}

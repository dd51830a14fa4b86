import {apiClient} from '@site/src/lib/api-client';

/**
 * POST /api/auth/change-password. The server signs out every other session and hands this one a fresh
 * token in x-new-token, which the API client stores on its own.
 */
export function changePassword(input: {currentPassword: string; newPassword: string}): Promise<{message?: string}> {
  return apiClient.post<{message?: string}>('/api/auth/change-password', input);
}

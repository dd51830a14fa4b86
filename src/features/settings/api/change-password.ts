import {apiClient} from '@site/src/lib/api-client';
import type {ChangePasswordBody, MessageBody} from '@intakekit/contract/schemas/auth';

/**
 * POST /api/auth/change-password. The server signs out every other session and hands this one a fresh
 * token in x-new-token, which the API client stores on its own.
 */
export function changePassword(input: ChangePasswordBody): Promise<MessageBody> {
  return apiClient.post<MessageBody>('/api/auth/change-password', input);
}

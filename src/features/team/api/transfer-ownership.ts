import {apiClient} from '@site/src/lib/api-client';
import type {TeamRole} from '../lib/roles';

/**
 * POST /api/team/transfer with {userId, password} (owner only): the chosen member becomes the owner and the
 * caller an admin. A wrong password is 400 INVALID_CREDENTIALS, so the session stays.
 */
export function transferOwnership(input: {
  userId: string;
  password: string;
}): Promise<{team: {id: string; name: string; role: TeamRole}}> {
  return apiClient.post<{team: {id: string; name: string; role: TeamRole}}>('/api/team/transfer', input);
}

import {apiClient} from '@site/src/lib/api-client';

/** POST /api/team/leave (204): access to the team's keys ends at once; the keys stay with the team. */
export function leaveTeam(): Promise<void> {
  return apiClient.post<void>('/api/team/leave');
}

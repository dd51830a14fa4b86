import {apiClient} from '@site/src/lib/api-client';

/** DELETE /api/team/{id} */
export function removeTeamMember(id: string): Promise<void> {
  return apiClient.del<void>(`/api/team/${encodeURIComponent(id)}`);
}

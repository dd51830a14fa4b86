import {apiClient} from '@site/src/lib/api-client';
import type {TeamMember} from './use-team';

/** DELETE /api/team/{id}: the member loses access at once (204). */
export function removeTeamMember(member: TeamMember): Promise<void> {
  return apiClient.del<void>(`/api/team/${encodeURIComponent(member.id)}`);
}

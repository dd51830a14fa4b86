import {apiClient} from '@site/src/lib/api-client';
import type {GrantableRole} from '../lib/roles';
import type {TeamMember} from './use-team';

/** PATCH /api/team/{id} with {role} (owner only). */
export function changeMemberRole(member: TeamMember, role: GrantableRole): Promise<{user: TeamMember}> {
  return apiClient.patch<{user: TeamMember}>(`/api/team/${encodeURIComponent(member.id)}`, {role});
}

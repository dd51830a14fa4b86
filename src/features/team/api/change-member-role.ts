import {apiClient} from '@site/src/lib/api-client';
import type {GrantableRole} from '../lib/roles';
import type {ChangeRoleBody, MemberResponse} from '@intakekit/contract/schemas/team';
import type {TeamMember} from './use-team';

/** PATCH /api/team/{id} with {role} (owner only). */
export function changeMemberRole(member: TeamMember, role: GrantableRole): Promise<MemberResponse> {
  const body: ChangeRoleBody = {role};
  return apiClient.patch<MemberResponse>(`/api/team/${encodeURIComponent(member.id)}`, body);
}

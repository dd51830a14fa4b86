import {apiClient} from '@site/src/lib/api-client';
import {normalizeEmail, optionalTrimmed} from '@site/src/lib/validation';
import type {AddMemberBody, InvitationResponse} from '@intakekit/contract/schemas/team';

export type InviteInput = AddMemberBody;

/**
 * POST /api/team/add with {email, name?, role?}: a pending invitation, answered the same way whatever the
 * address, so it reveals no account. The person joins only when they accept from the email.
 */
export function addTeamMember(input: InviteInput): Promise<InvitationResponse> {
  const name = optionalTrimmed(input.name);
  const body: AddMemberBody = {
    email: normalizeEmail(input.email),
    ...(name ? {name} : {}),
    role: input.role ?? 'member',
  };
  return apiClient.post<InvitationResponse>('/api/team/add', body);
}

/** The invitation calls: lookup, accept, decline (no SWR: each is made once, by the accept page). */
import {apiClient} from '@site/src/lib/api-client';
import type {MessageBody} from '@intakekit/contract/schemas/common';
import type {
  AcceptInvitationResponse,
  InvitationLookupResponse,
  InvitationTokenBody,
} from '@intakekit/contract/schemas/invitations';
import type {GrantedRole} from '@intakekit/contract/schemas/team';

export type InvitationRole = GrantedRole;

/** POST /api/invitations/lookup's invitation: enough to name the team, the inviter and the role. */
export type InvitationSummary = InvitationLookupResponse['invitation'];

export type AcceptedInvitation = AcceptInvitationResponse;

/** POST /api/invitations/lookup (no session needed); 400 INVALID_OR_EXPIRED for an unusable token. */
export async function lookupInvitation(token: string): Promise<InvitationSummary> {
  const body: InvitationTokenBody = {token};
  const {invitation} = await apiClient.post<InvitationLookupResponse>('/api/invitations/lookup', body);
  return invitation;
}

/** POST /api/invitations/accept (session): joins the team; the caller's personal keys move into it. */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  const body: InvitationTokenBody = {token};
  return apiClient.post<AcceptedInvitation>('/api/invitations/accept', body);
}

/** POST /api/invitations/decline (no session needed: the token proves the mailbox). */
export function declineInvitation(token: string): Promise<MessageBody> {
  const body: InvitationTokenBody = {token};
  return apiClient.post<MessageBody>('/api/invitations/decline', body);
}

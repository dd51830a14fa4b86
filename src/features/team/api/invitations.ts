import {apiClient} from '@site/src/lib/api-client';
import type {InvitationResponse} from '@intakekit/contract/schemas/team';
import type {TeamInvitation} from './use-team';

const invitationPath = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;

/** POST /api/team/invitations/{id}/resend: a new link and a new 7-day expiry; the old link stops working. */
export function resendInvitation(invitation: TeamInvitation): Promise<InvitationResponse> {
  return apiClient.post<InvitationResponse>(`${invitationPath(invitation.id)}/resend`);
}

/** DELETE /api/team/invitations/{id}: the link stops working (204). */
export function revokeInvitation(invitation: TeamInvitation): Promise<void> {
  return apiClient.del<void>(invitationPath(invitation.id));
}

/** The invitation calls of contract 13 (no SWR: each is made once, by the accept page). */
import {apiClient} from '@site/src/lib/api-client';

export type InvitationRole = 'admin' | 'member';

/** POST /api/invitations/lookup's invitation: enough to name the team, the inviter and the role. */
export interface InvitationSummary {
  email: string;
  teamName: string;
  inviterName: string | null;
  role: InvitationRole;
  expiresAt: string;
}

export interface AcceptedInvitation {
  team: {id: string; name: string; role: string};
  movedKeys: number;
}

/** POST /api/invitations/lookup (no session needed); 400 INVALID_OR_EXPIRED for an unusable token. */
export async function lookupInvitation(token: string): Promise<InvitationSummary> {
  const {invitation} = await apiClient.post<{invitation: InvitationSummary}>('/api/invitations/lookup', {token});
  return invitation;
}

/** POST /api/invitations/accept (session): joins the team; the caller's personal keys move into it. */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return apiClient.post<AcceptedInvitation>('/api/invitations/accept', {token});
}

/** POST /api/invitations/decline (no session needed: the token proves the mailbox). */
export function declineInvitation(token: string): Promise<{message: string}> {
  return apiClient.post<{message: string}>('/api/invitations/decline', {token});
}

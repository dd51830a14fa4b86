import {apiClient} from '@site/src/lib/api-client';
import {normalizeEmail, optionalTrimmed} from '@site/src/lib/validation';
import type {GrantableRole} from '../lib/roles';
import type {TeamInvitation} from './use-team';

export interface InviteInput {
  email: string;
  name?: string;
  role?: GrantableRole;
}

/**
 * POST /api/team/add with {email, name?, role?}: a pending invitation, answered the same way whatever the
 * address (contract 13). The person joins only when they accept from the email.
 */
export function addTeamMember(input: InviteInput): Promise<{invitation: TeamInvitation}> {
  const name = optionalTrimmed(input.name);
  return apiClient.post<{invitation: TeamInvitation}>('/api/team/add', {
    email: normalizeEmail(input.email),
    ...(name ? {name} : {}),
    role: input.role ?? 'member',
  });
}

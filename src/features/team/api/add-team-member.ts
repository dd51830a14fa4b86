import {apiClient} from '@site/src/lib/api-client';
import {normalizeEmail, optionalTrimmed} from '@site/src/lib/validation';
import type {TeamMember} from './use-team';

/**
 * POST /api/team/add with {email, name?}: an existing account joins the team; an address with no account
 * gets an invitation email and is listed as invited until it signs up.
 */
export function addTeamMember(input: {email: string; name?: string}): Promise<{user: TeamMember}> {
  const name = optionalTrimmed(input.name);
  return apiClient.post<{user: TeamMember}>('/api/team/add', {email: normalizeEmail(input.email), ...(name ? {name} : {})});
}

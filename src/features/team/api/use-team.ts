import useSWR from 'swr';
import {apiClient, isApiError} from '@site/src/lib/api-client';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {InvitationBody, MemberBody, TeamResponse} from '@intakekit/contract/schemas/team';

/** A member row of GET /api/team. */
export type TeamMember = MemberBody;

/** A pending, unexpired invitation; only managers are sent any. */
export type TeamInvitation = InvitationBody;

/** The team, the caller's role (it decides which actions the page offers), members by seniority, invitations. */
export type TeamData = TeamResponse;

/** The cache key of the team: the path. */
export const TEAM_PATH = '/api/team';

/** GET /api/team; null when the user has no team (the API answers 404 NOT_FOUND then). */
export async function fetchTeam(): Promise<TeamData | null> {
  try {
    const data = await apiClient.get<TeamData>(TEAM_PATH);
    // An older API without invitations still renders.
    return {...data, invitations: data.invitations ?? []};
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * The user's team and its members; `data === null` means no team. A user the session knows to be in no team is not
 * asked about (the API would answer 404, which the browser logs as an error); one removed meanwhile still reads null.
 */
export function useTeam() {
  const inTeam = useAuthStore((s) => Boolean(s.user?.team));
  const {data, error, isLoading, mutate} = useSWR<TeamData | null>(inTeam ? TEAM_PATH : null, fetchTeam);
  return {data: inTeam ? data : null, error, isLoading, mutate};
}

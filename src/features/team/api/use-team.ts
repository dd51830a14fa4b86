import useSWR from 'swr';
import {apiClient, isApiError} from '@site/src/lib/api-client';
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

/** The user's team and its members; `data === null` means no team. */
export function useTeam() {
  return useSWR<TeamData | null>(TEAM_PATH, fetchTeam);
}

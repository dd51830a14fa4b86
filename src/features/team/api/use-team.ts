import useSWR from 'swr';
import {apiClient, isApiError} from '@site/src/lib/api-client';

/** A row of the members table (spec §3). Roles come from the server (owner, admin, member, invited). */
export interface TeamMember {
  id: string;
  name: string | null;
  email: string;
  role: string;
}

export interface TeamData {
  team: {id: string; name: string};
  users: TeamMember[];
}

/** The cache key of the team: the path. */
export const TEAM_PATH = '/api/team';

/** GET /api/team; null when the user has no team (the API answers 404 NOT_FOUND then). */
export async function fetchTeam(): Promise<TeamData | null> {
  try {
    return await apiClient.get<TeamData>(TEAM_PATH);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The user's team and its members; `data === null` means no team. */
export function useTeam() {
  return useSWR<TeamData | null>(TEAM_PATH, fetchTeam);
}

import useSWR from 'swr';
import {apiClient, isApiError} from '@site/src/lib/api-client';
import type {GrantableRole, TeamRole} from '../lib/roles';

/** A member row of GET /api/team (contract 13). */
export interface TeamMember {
  id: string;
  name: string | null;
  email: string;
  role: TeamRole;
  joinedAt?: string;
}

/** A pending, unexpired invitation; only managers are sent any. */
export interface TeamInvitation {
  id: string;
  email: string;
  name: string | null;
  role: GrantableRole;
  createdAt: string;
  sentAt: string;
  expiresAt: string;
}

export interface TeamData {
  team: {id: string; name: string};
  /** The caller's role: it decides which actions the page offers. */
  role: TeamRole;
  /** Members by seniority: owner, admins, members. */
  users: TeamMember[];
  invitations: TeamInvitation[];
}

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

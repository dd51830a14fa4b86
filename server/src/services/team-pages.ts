// GET /api/team from memory while the team's page has not changed: the session lookup reads the team's current
// members_version on every request (moved by triggers on every write to members, invitations and members' names,
// migration 019), so a page is answered from here only while nothing it lists changed, in this process or any
// other; it then costs no query beyond the session's. Pending invitations are kept with their expiry and the
// expired ones left out at each answer.
import {LRUCache} from 'lru-cache';
import type {Db} from '../db/connect.js';
import {listTeam} from '../repositories/teams-repository.js';
import {toInvitationBody, toMemberBody} from './team-access.js';

/** How many teams' pages a process keeps (a few kB each), the least recently shown leaving first. */
export const TEAM_PAGES_CACHED = 1000;

type MemberBody = ReturnType<typeof toMemberBody>;
type InvitationBody = ReturnType<typeof toInvitationBody>;

interface TeamPage {
  version: string;
  users: MemberBody[];
  invitations: {body: InvitationBody; expiresAt: number}[];
}

export type TeamPages = LRUCache<string, TeamPage>;

export function teamPages(): TeamPages {
  return new LRUCache<string, TeamPage>({max: TEAM_PAGES_CACHED});
}

/** The team's members and, for managers, its pending invitations, at `now`. */
export async function teamPage(
  {db, pages}: {db: Db; pages?: TeamPages},
  team: {id: string; membersVersion?: string},
  now: Date,
  withInvitations: boolean,
): Promise<{users: MemberBody[]; invitations: InvitationBody[]}> {
  const kept = team.membersVersion === undefined ? undefined : pages?.get(team.id);
  let page: TeamPage;
  if (kept && kept.version === team.membersVersion) {
    page = kept;
  } else {
    // Read with the invitations whoever asks, so one page serves members and managers alike.
    const {members, invitations} = await listTeam(db, team.id, now, true);
    page = {
      // The rows are at least as new as the version read before them; a newer version reads them again.
      version: team.membersVersion ?? '',
      users: members.map(toMemberBody),
      invitations: invitations.map((row) => ({body: toInvitationBody(row), expiresAt: row.expires_at.getTime()})),
    };
    if (team.membersVersion !== undefined) pages?.set(team.id, page);
  }
  const at = now.getTime();
  return {
    users: page.users,
    invitations: withInvitations ? page.invitations.filter((i) => i.expiresAt > at).map((i) => i.body) : [],
  };
}

// Team rules (design §4): owners and admins invite and remove; nobody removes themselves; the
// owner cannot be removed; an admin removes members only. Inviting an address with an account
// and no team adds it at once; an address without an account is invited and joins at sign-up.
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { ApiError } from '../errors.js';
import {
  addMemberIfTeamless,
  deleteInvitation,
  findMemberRole,
  insertInvitation,
  listTeam,
  removeMember,
  type TeamEntry,
} from '../repositories/teams-repository.js';
import { findUser, type UserWithTeam } from '../repositories/users-repository.js';
import type { Mailer } from '../plugins/mailer.js';

type Team = NonNullable<UserWithTeam['team']>;

function teamOf(user: UserWithTeam): Team {
  if (!user.team) throw new ApiError('NOT_FOUND');
  return user.team;
}

function assertManager(team: Team): void {
  if (team.role !== 'owner' && team.role !== 'admin') throw new ApiError('FORBIDDEN');
}

export class Teams {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'now' | 'portalUrl'>,
  ) {}

  async show(user: UserWithTeam) {
    const team = teamOf(user);
    return { team: { id: team.id, name: team.name }, users: await listTeam(this.db, team.id) };
  }

  async add(user: UserWithTeam, email: string, name: string | null): Promise<TeamEntry> {
    const team = teamOf(user);
    assertManager(team);
    const now = this.config.now();
    const existing = await findUser(this.db, { email });
    if (existing) {
      // Already in this team or in another one: one team per user.
      if (!(await addMemberIfTeamless(this.db, team.id, existing.id, now))) throw new ApiError('EMAIL_IN_USE');
      this.mailer.send(email, {
        kind: 'team-invitation',
        link: `${this.config.portalUrl}/login`,
        teamName: team.name,
        inviterName: user.name,
        hasAccount: true,
      });
      return { id: existing.id, name: existing.name, email, role: 'member' };
    }
    const id = await insertInvitation(this.db, { teamId: team.id, email, name, invitedBy: user.id, now });
    if (!id) throw new ApiError('EMAIL_IN_USE');
    this.mailer.send(email, {
      kind: 'team-invitation',
      link: `${this.config.portalUrl}/register?email=${encodeURIComponent(email)}`,
      teamName: team.name,
      inviterName: user.name,
      hasAccount: false,
    });
    return { id, name, email, role: 'invited' };
  }

  async remove(user: UserWithTeam, id: string): Promise<void> {
    const team = teamOf(user);
    assertManager(team);
    if (id === user.id) throw new ApiError('FORBIDDEN');
    const role = await findMemberRole(this.db, team.id, id);
    if (role) {
      if (role === 'owner' || (role === 'admin' && team.role !== 'owner')) throw new ApiError('FORBIDDEN');
      await removeMember(this.db, team.id, id);
      return;
    }
    if (!(await deleteInvitation(this.db, team.id, id))) throw new ApiError('NOT_FOUND');
  }
}

// Who may do what in a team (owners and admins manage; the owner alone changes roles, policy and ownership),
// and a team's members and invitations as the API shows them.
import {ApiError} from '../errors.js';
import type {InvitationRow} from '../repositories/invitations-repository.js';
import type {MemberRow, PendingInvitationRow} from '../repositories/teams-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';

export type Team = NonNullable<UserWithTeam['team']>;

export function teamOf(user: UserWithTeam): Team {
  if (!user.team) throw new ApiError('NOT_FOUND');
  return user.team;
}

export function isManager(team: Team): boolean {
  return team.role === 'owner' || team.role === 'admin';
}

export function assertManager(team: Team): void {
  if (!isManager(team)) throw new ApiError('FORBIDDEN');
}

export function assertOwner(team: Team): void {
  if (team.role !== 'owner') throw new ApiError('FORBIDDEN');
}

export function toMemberBody(row: MemberRow) {
  return {id: row.id, name: row.name, email: row.email, role: row.role, joinedAt: row.joined_at.toISOString()};
}

export function toInvitationBody(row: PendingInvitationRow | InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

// SQL for teams, memberships and invitations.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { TeamRole } from '../db/schema.js';

export async function createTeamWithOwner(db: Db, name: string, ownerId: string, now: Date): Promise<string> {
  const team = await db.insertInto('teams').values({ name, created_at: now }).returning('id').executeTakeFirstOrThrow();
  await addMember(db, team.id, ownerId, 'owner', now);
  return team.id;
}

export async function addMember(db: Db, teamId: string, userId: string, role: TeamRole, now: Date): Promise<void> {
  await db.insertInto('team_members').values({ team_id: teamId, user_id: userId, role, created_at: now }).execute();
}

/** Members other than `exceptUserId`, admins first, then by seniority: the order of succession. */
export async function successorsOf(db: Db, teamId: string, exceptUserId: string) {
  return db
    .selectFrom('team_members')
    .select(['user_id', 'role', 'created_at'])
    .where('team_id', '=', teamId)
    .where('user_id', '<>', exceptUserId)
    .orderBy((eb) => eb.case().when('role', '=', 'admin').then(0).else(1).end())
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
}

export async function setRole(db: Db, teamId: string, userId: string, role: TeamRole): Promise<void> {
  await db.updateTable('team_members').set({ role }).where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}

export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

/** Removes and returns the pending invitation for an address, if any. */
export async function takeInvitation(db: Db, email: string) {
  return db.deleteFrom('team_invitations').where('email', '=', email).returning(['team_id', 'name']).executeTakeFirst();
}

export interface TeamEntry {
  id: string;
  name: string | null;
  email: string;
  role: TeamRole | 'invited';
}

/** Members (owner, admins, members, each by seniority) then pending invitations, in one statement. */
export async function listTeam(db: Db, teamId: string): Promise<TeamEntry[]> {
  const result = await sql<TeamEntry>`
    SELECT id, name, email, role FROM (
      SELECT users.id, users.name, users.email, team_members.role, 0 AS section,
             CASE team_members.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END AS rank,
             team_members.created_at
      FROM team_members JOIN users ON users.id = team_members.user_id
      WHERE team_members.team_id = ${teamId}::uuid
      UNION ALL
      SELECT id, name, email, 'invited', 1, 0, created_at
      FROM team_invitations
      WHERE team_id = ${teamId}::uuid
    ) AS entries
    ORDER BY section, rank, created_at, id`.execute(db);
  return result.rows;
}

export async function findMemberRole(db: Db, teamId: string, userId: string): Promise<TeamRole | undefined> {
  const row = await db
    .selectFrom('team_members')
    .select('role')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

export async function removeMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const rows = await db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).returning('user_id').execute();
  return rows.length > 0;
}

/** Records an invitation; undefined when the address already has one (to any team). */
export async function insertInvitation(
  db: Db,
  invitation: { teamId: string; email: string; name: string | null; invitedBy: string; now: Date },
): Promise<string | undefined> {
  const row = await db
    .insertInto('team_invitations')
    .values({
      team_id: invitation.teamId,
      email: invitation.email,
      name: invitation.name,
      invited_by: invitation.invitedBy,
      created_at: invitation.now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function deleteInvitation(db: Db, teamId: string, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('team_invitations').where('team_id', '=', teamId).where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

/** Adds a user to a team unless they already belong to one; false when they do. */
export async function addMemberIfTeamless(db: Db, teamId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, role: 'member', created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

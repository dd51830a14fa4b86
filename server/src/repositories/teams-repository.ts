// SQL for teams, memberships and invitations.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import type {TeamRole} from '../db/schema.js';

/** A team with no members yet; its id. */
export async function insertTeam(db: Db, name: string, now: Date): Promise<string> {
  const team = await db.insertInto('teams').values({name, created_at: now}).returning('id').executeTakeFirstOrThrow();
  return team.id;
}

export async function createTeamWithOwner(db: Db, name: string, ownerId: string, now: Date): Promise<string> {
  const teamId = await insertTeam(db, name, now);
  await addMember(db, teamId, ownerId, 'owner', now);
  return teamId;
}

/** Whether the operator marked the team production-ready (production keys need it). */
export async function isProductionReady(db: Db, teamId: string): Promise<boolean> {
  const team = await db.selectFrom('teams').select('production_ready').where('id', '=', teamId).executeTakeFirst();
  return team?.production_ready === true;
}

export async function addMember(db: Db, teamId: string, userId: string, role: TeamRole, now: Date): Promise<void> {
  await db.insertInto('team_members').values({team_id: teamId, user_id: userId, role, created_at: now}).execute();
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
  await db
    .updateTable('team_members')
    .set({role})
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

export interface MemberRow {
  id: string;
  name: string | null;
  email: string;
  role: TeamRole;
  joined_at: Date;
}

export interface PendingInvitationRow {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | 'member';
  created_at: Date;
  sent_at: Date;
  expires_at: Date;
}

type TeamListRow = {kind: 'member' | 'invitation'; id: string; name: string | null; email: string; role: string} & {
  created_at: Date;
  sent_at: Date | null;
  expires_at: Date | null;
};

/**
 * Members (owner, admins, members, each by seniority) and, when `withInvitations`, the pending
 * invitations that have not expired (oldest first; the address breaks ties), in one statement
 * (GET /api/team runs on every Team page visit and revalidation).
 */
export async function listTeam(
  db: Db,
  teamId: string,
  now: Date,
  withInvitations: boolean,
): Promise<{members: MemberRow[]; invitations: PendingInvitationRow[]}> {
  const result = await sql<TeamListRow>`
    SELECT kind, id, name, email, role, created_at, sent_at, expires_at FROM (
      SELECT 'member' AS kind, users.id, users.name, users.email, team_members.role,
             team_members.created_at, NULL::timestamptz AS sent_at, NULL::timestamptz AS expires_at, 0 AS section,
             CASE team_members.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END AS rank
      FROM team_members JOIN users ON users.id = team_members.user_id
      WHERE team_members.team_id = ${teamId}::uuid
      UNION ALL
      SELECT 'invitation', id, name, email, role, created_at, sent_at, expires_at, 1, 0
      FROM invitations
      WHERE ${withInvitations}::boolean AND team_id = ${teamId}::uuid AND status = 'pending' AND expires_at > ${now}::timestamptz
    ) AS entries
    ORDER BY section, rank, created_at, email, id`.execute(db);
  const members: MemberRow[] = [];
  const invitations: PendingInvitationRow[] = [];
  for (const row of result.rows) {
    if (row.kind === 'member') {
      members.push({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role as TeamRole,
        joined_at: new Date(row.created_at),
      });
    } else {
      invitations.push({
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role as 'admin' | 'member',
        created_at: new Date(row.created_at),
        sent_at: new Date(row.sent_at!),
        expires_at: new Date(row.expires_at!),
      });
    }
  }
  return {members, invitations};
}

/** A member of the team with their account, or undefined. */
export async function findMember(db: Db, teamId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['users.id', 'users.name', 'users.email', 'team_members.role', 'team_members.created_at as joined_at'])
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether the address belongs to a member of this team (and only this team: nothing about others). */
export async function isMemberAddress(db: Db, teamId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select('users.id')
    .where('team_members.team_id', '=', teamId)
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** Adds a user to a team unless they already belong to one; false when they do. */
export async function addMemberUnlessInTeam(
  db: Db,
  teamId: string,
  userId: string,
  role: TeamRole,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insertInto('team_members')
    .values({team_id: teamId, user_id: userId, role, created_at: now})
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/**
 * Locks the team's row for the transaction: invitations, role changes and transfers of one team
 * then run one after another, so limits and the one-owner rule cannot be raced.
 */
export async function lockTeam(db: Db, teamId: string): Promise<boolean> {
  const row = await db.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function setRequireTwoFactor(db: Db, teamId: string, requireTwoFactor: boolean): Promise<void> {
  await db.updateTable('teams').set({require_two_factor: requireTwoFactor}).where('id', '=', teamId).execute();
}

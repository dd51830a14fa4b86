// SQL for teams, memberships and invitations.
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

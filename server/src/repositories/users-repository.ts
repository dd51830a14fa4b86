// SQL for users and their team membership.
import type {Db} from '../db/connect.js';
import type {TeamRole} from '../db/schema.js';

export interface UserWithTeam {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  team: {
    id: string;
    name: string;
    role: TeamRole;
    requireTwoFactor: boolean;
    /** The version of what the team's page lists; see members_version (unknown right after a change). */
    membersVersion?: string;
  } | null;
  /** The version of the key list this user sees (the team's, or their own without a team); see keys_version. */
  keysVersion: string;
}

/** The columns of users + team_members + teams that make a UserWithTeam (see userFromRow). */
export interface UserWithTeamRow {
  user_id: string;
  email: string;
  name: string | null;
  password_hash: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  user_created_at: Date;
  team_id: string | null;
  team_name: string | null;
  team_role: TeamRole | null;
  team_require_two_factor: boolean | null;
  user_keys_version: string | number;
  team_keys_version: string | number | null;
  team_members_version: string | number | null;
}

export const USER_WITH_TEAM_COLUMNS = [
  'users.id as user_id',
  'users.email',
  'users.name',
  'users.password_hash',
  'users.email_verified',
  'users.two_factor_enabled',
  'users.created_at as user_created_at',
  'teams.id as team_id',
  'teams.name as team_name',
  'team_members.role as team_role',
  'teams.require_two_factor as team_require_two_factor',
  'users.keys_version as user_keys_version',
  'teams.keys_version as team_keys_version',
  'teams.members_version as team_members_version',
] as const;

export function userFromRow(row: UserWithTeamRow): UserWithTeam {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    emailVerified: row.email_verified,
    twoFactorEnabled: row.two_factor_enabled,
    createdAt: row.user_created_at,
    team:
      row.team_id && row.team_name && row.team_role
        ? {
            id: row.team_id,
            name: row.team_name,
            role: row.team_role,
            requireTwoFactor: Boolean(row.team_require_two_factor),
            membersVersion: String(row.team_members_version),
          }
        : null,
    keysVersion: String(row.team_id ? row.team_keys_version : row.user_keys_version),
  };
}

export async function findUser(db: Db, by: {id: string} | {email: string}): Promise<UserWithTeam | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('team_members', 'team_members.user_id', 'users.id')
    .leftJoin('teams', 'teams.id', 'team_members.team_id')
    .select(USER_WITH_TEAM_COLUMNS)
    .where('id' in by ? 'users.id' : 'users.email', '=', 'id' in by ? by.id : by.email)
    .executeTakeFirst();
  return row && userFromRow(row);
}

export async function insertUser(
  db: Db,
  user: {email: string; name: string | null; passwordHash: string; now: Date; emailVerified?: boolean},
): Promise<string | undefined> {
  // ON CONFLICT: two sign-ups racing on one address give one account and one EMAIL_IN_USE.
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      email_verified: user.emailVerified ?? false,
      created_at: user.now,
      updated_at: user.now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: {name?: string; passwordHash?: string; emailVerified?: boolean},
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...(changes.name !== undefined && {name: changes.name}),
      ...(changes.passwordHash !== undefined && {password_hash: changes.passwordHash}),
      ...(changes.emailVerified !== undefined && {email_verified: changes.emailVerified}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

// SQL for failed sign-ins per address and the locks they cause.
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { TeamRole } from '../db/schema.js';
import { userFromRow, type UserWithTeam } from './users-repository.js';

export interface SignInState {
  /** The account of the address, if any. */
  user: UserWithTeam | undefined;
  /** Set while the address is locked. */
  lockedUntil: Date | undefined;
  /** Whether failures are on record for the address (a success then clears them). */
  hasFailures: boolean;
}

/**
 * Everything a sign-in reads before checking the password, in one statement: the lock, the
 * account with its team (which the answer carries) and whether there are failures to clear.
 * The FROM (VALUES) row makes an address without an account still answer one row.
 */
export async function signInState(db: Db, email: string, now: Date): Promise<SignInState> {
  const result = await sql<{
    user_id: string | null;
    email: string;
    name: string | null;
    password_hash: string;
    email_verified: boolean;
    user_created_at: Date;
    team_id: string | null;
    team_name: string | null;
    team_role: TeamRole | null;
    locked_until: Date | null;
    has_failures: boolean;
  }>`
    SELECT users.id AS user_id, users.email, users.name, users.password_hash, users.email_verified,
           users.created_at AS user_created_at,
           teams.id AS team_id, teams.name AS team_name, team_members.role AS team_role,
           (SELECT locked_until FROM login_locks
             WHERE login_locks.email = address.email AND locked_until > ${now}::timestamptz) AS locked_until,
           EXISTS (SELECT 1 FROM login_failures WHERE login_failures.email = address.email) AS has_failures
    FROM (VALUES (${email}::text)) AS address (email)
    LEFT JOIN users ON users.email = address.email
    LEFT JOIN team_members ON team_members.user_id = users.id
    LEFT JOIN teams ON teams.id = team_members.team_id`.execute(db);
  const row = result.rows[0]!;
  return {
    user: row.user_id === null ? undefined : userFromRow({ ...row, user_id: row.user_id }),
    lockedUntil: row.locked_until ?? undefined,
    hasFailures: row.has_failures,
  };
}

/**
 * Records a failure and returns how many failures the address has within the window, in one
 * statement. Old rows are useless: they are dropped while we are here. The count cannot see the
 * row this statement inserts (same snapshot), hence the + 1.
 */
export async function recordFailure(db: Db, email: string, now: Date, windowStart: Date): Promise<number> {
  const result = await sql<{ count: string }>`
    WITH recorded AS (
      INSERT INTO login_failures (email, failed_at) VALUES (${email}::text, ${now}::timestamptz) RETURNING id
    ), dropped AS (
      DELETE FROM login_failures WHERE email = ${email}::text AND failed_at <= ${windowStart}::timestamptz RETURNING id
    )
    SELECT count(*) + 1 AS count FROM login_failures
    WHERE email = ${email}::text AND failed_at > ${windowStart}::timestamptz`.execute(db);
  return Number(result.rows[0]!.count);
}

export async function lock(db: Db, email: string, until: Date): Promise<void> {
  await db
    .insertInto('login_locks')
    .values({ email, locked_until: until })
    .onConflict((oc) => oc.column('email').doUpdateSet({ locked_until: until }))
    .execute();
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

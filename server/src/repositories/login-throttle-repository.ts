// SQL for sign-in attempts per address and the locks they cause.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import {userFromRow, type UserWithTeam, type UserWithTeamRow} from './users-repository.js';

export interface SignInState {
  /** The account of the address, if any. */
  user: UserWithTeam | undefined;
  /**
   * This attempt's number inside the window (1 = the first), or undefined when it was refused unrecorded:
   * the address is locked, or LOGIN_LOCK_ATTEMPTS attempts are already recorded (some may still be checking).
   */
  attempt: number | undefined;
  /** Set while the address is locked. */
  lockedUntil: Date | undefined;
}

/**
 * Records a sign-in attempt, if one is allowed, and reads the account with its team (which the answer
 * carries), in one statement. The upsert's WHERE sees the row's latest version under its lock, so
 * simultaneous attempts are counted one at a time. The FROM (VALUES) row makes an address without an
 * account still answer one row.
 */
export async function recordAttempt(
  db: Db,
  email: string,
  now: Date,
  windowStart: Date,
  limit: number,
): Promise<SignInState> {
  const result = await sql<
    Omit<UserWithTeamRow, 'user_id'> & {user_id: string | null; attempt: number | null; locked_until: Date | null}
  >`
    WITH attempt AS (
      INSERT INTO sign_in_attempts AS s (email, attempted_at, locked_until)
      VALUES (${email}::text, ARRAY[${now}::timestamptz], NULL)
      ON CONFLICT (email) DO UPDATE
        SET attempted_at = ARRAY(SELECT t FROM unnest(s.attempted_at) AS t WHERE t > ${windowStart}::timestamptz)
                           || ${now}::timestamptz,
            locked_until = NULL
        WHERE (s.locked_until IS NULL OR s.locked_until <= ${now}::timestamptz)
          AND (SELECT count(*) FROM unnest(s.attempted_at) AS t WHERE t > ${windowStart}::timestamptz) < ${limit}::int
      RETURNING cardinality(attempted_at) AS attempt
    )
    SELECT users.id AS user_id, users.email, users.name, users.password_hash, users.email_verified,
           users.two_factor_enabled, users.created_at AS user_created_at,
           teams.id AS team_id, teams.name AS team_name, team_members.role AS team_role,
           teams.require_two_factor AS team_require_two_factor,
           users.keys_version AS user_keys_version, teams.keys_version AS team_keys_version,
           teams.members_version AS team_members_version,
           (SELECT attempt FROM attempt) AS attempt,
           (SELECT locked_until FROM sign_in_attempts
             WHERE sign_in_attempts.email = address.email AND locked_until > ${now}::timestamptz) AS locked_until
    FROM (VALUES (${email}::text)) AS address (email)
    LEFT JOIN users ON users.email = address.email
    LEFT JOIN team_members ON team_members.user_id = users.id
    LEFT JOIN teams ON teams.id = team_members.team_id`.execute(db);
  const row = result.rows[0]!;
  return {
    user: row.user_id === null ? undefined : userFromRow({...row, user_id: row.user_id}),
    attempt: row.attempt ?? undefined,
    lockedUntil: row.locked_until ?? undefined,
  };
}

/** Locks the address and forgets its attempts (they are spent on the lock). */
export async function lock(db: Db, email: string, until: Date): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set({locked_until: until, attempted_at: []})
    .where('email', '=', email)
    .execute();
}

/**
 * Takes one recorded attempt (the one made at `at`) out of the address's window, leaving the others:
 * a right password of an account with two-factor, whose code step is the attempt that settles it.
 */
export async function forgetAttempt(db: Db, email: string, at: Date): Promise<void> {
  await sql`
    UPDATE sign_in_attempts
       SET attempted_at = attempted_at[:array_position(attempted_at, ${at}::timestamptz) - 1]
                          || attempted_at[array_position(attempted_at, ${at}::timestamptz) + 1:]
     WHERE email = ${email} AND array_position(attempted_at, ${at}::timestamptz) IS NOT NULL`.execute(db);
}

/** A right password: the address starts again with no attempts and no lock. */
export async function clearAttempts(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('email', '=', email).execute();
}

/** Lifts the lock of a user's address and forgets its attempts: the owner proved the mailbox (reset). */
export async function clearAttemptsOfUser(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('sign_in_attempts')
    .where('email', '=', (eb) => eb.selectFrom('users').select('email').where('id', '=', userId))
    .execute();
}

/**
 * Housekeeping: deletes the addresses with no attempt inside the window and no lock in force; they
 * would start from nothing on their next attempt anyway.
 */
export async function deleteStaleAttempts(db: Db, now: Date, windowStart: Date): Promise<number> {
  const result = await sql`
    DELETE FROM sign_in_attempts
    WHERE (locked_until IS NULL OR locked_until <= ${now}::timestamptz)
      AND NOT EXISTS (SELECT 1 FROM unnest(attempted_at) AS t WHERE t > ${windowStart}::timestamptz)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

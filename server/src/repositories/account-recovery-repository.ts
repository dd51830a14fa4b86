// SQL for account recoveries without the authenticator (services/account-recovery.ts).
import type {Db} from '../db/connect.js';

export interface RecoveryRow {
  user_id: string;
  password_hash: string;
  started_at: Date;
  ends_at: Date;
}

/**
 * Starts the account's recovery, or (one already under way) takes the new password and cancel link while keeping its
 * start and end, so starting again never moves the end. Answers the recovery.
 */
export async function upsertRecovery(
  db: Db,
  recovery: {userId: string; passwordHash: string; cancelTokenHash: string; now: Date; endsAt: Date},
): Promise<RecoveryRow> {
  return db
    .insertInto('account_recoveries')
    .values({
      user_id: recovery.userId,
      password_hash: recovery.passwordHash,
      cancel_token_hash: recovery.cancelTokenHash,
      started_at: recovery.now,
      ends_at: recovery.endsAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        password_hash: eb.ref('excluded.password_hash'),
        cancel_token_hash: eb.ref('excluded.cancel_token_hash'),
      })),
    )
    .returning(['user_id', 'password_hash', 'started_at', 'ends_at'])
    .executeTakeFirstOrThrow();
}

export async function findRecovery(db: Db, userId: string): Promise<{ends_at: Date} | undefined> {
  return db.selectFrom('account_recoveries').select('ends_at').where('user_id', '=', userId).executeTakeFirst();
}

/** Cancels the recovery whose cancel link this is: its account, or undefined. */
export async function deleteRecoveryByCancelToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom('account_recoveries')
    .where('cancel_token_hash', '=', tokenHash)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function deleteRecovery(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account_recoveries').where('user_id', '=', userId).execute();
}

/** The recoveries whose wait is over, locked for the caller's transaction (another process skips them). */
export async function dueRecoveries(db: Db, now: Date): Promise<RecoveryRow[]> {
  return db
    .selectFrom('account_recoveries')
    .select(['user_id', 'password_hash', 'started_at', 'ends_at'])
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .forUpdate()
    .skipLocked()
    .execute();
}

// SQL for single-use email links (verification and password reset).
import type {Db} from '../db/connect.js';
import type {ExpressionBuilder} from 'kysely';
import type {Database, EmailTokenPurpose} from '../db/schema.js';

/** Neither used nor replaced by a newer link of its purpose. */
function isOutstanding(eb: ExpressionBuilder<Database, 'email_tokens'>) {
  return eb.and([eb('used_at', 'is', null), eb('superseded_at', 'is', null)]);
}

/** Locks the user's row for the transaction, so two links issued at once cannot both stay current. */
export async function lockUserForTokens(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Stores a new token and supersedes every earlier unused one of the same purpose (after lockUserForTokens). */
export async function replaceEmailToken(
  db: Db,
  token: {userId: string; purpose: EmailTokenPurpose; tokenHash: string; now: Date; expiresAt: Date},
): Promise<void> {
  await supersedeEmailTokens(db, token.userId, token.purpose, token.now);
  await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      created_at: token.now,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Cancels every outstanding link of a purpose (a password change makes the reset links moot). */
export async function supersedeEmailTokens(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({superseded_at: now})
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where(isOutstanding)
    .execute();
}

export async function findEmailToken(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  return db
    .selectFrom('email_tokens')
    .select(['id', 'user_id', 'expires_at', 'used_at', 'superseded_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Marks a token used if, and only if, it is still unused, current and unexpired. The condition
 * lives in the UPDATE so two concurrent uses cannot both succeed.
 */
export async function consumeEmailToken(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('email_tokens')
    .set({used_at: now})
    .where('id', '=', id)
    .where(isOutstanding)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Housekeeping: deletes the links that expired before `before`, used, superseded or not. Every link
 * expires within the hour, so a used one goes too, once it is old enough that nobody clicks it again
 * expecting ALREADY_USED.
 */
export async function deleteEmailTokensExpiredBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('email_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Counts a two-factor code about to be checked with a reset link, before it is checked, in one UPDATE, so that however
 * many arrive at once no more than `limit` are ever checked. False when the link has had its `limit`.
 */
export async function countCodeAttempt(db: Db, id: string, limit: number): Promise<boolean> {
  const row = await db
    .updateTable('email_tokens')
    .set((eb) => ({code_attempts: eb('code_attempts', '+', 1)}))
    .where('id', '=', id)
    .where('code_attempts', '<', limit)
    .returning('code_attempts')
    .executeTakeFirst();
  return row !== undefined;
}

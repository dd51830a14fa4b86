// SQL for two-factor sign-in: the authenticator secret, recovery codes and sign-in challenges.
import type {Db} from '../db/connect.js';
import {countRows} from './count-rows.js';

export interface TwoFactorSecretRow {
  secret_ciphertext: string;
  confirmed_at: Date | null;
  last_used_step: number | null;
}

export async function findSecret(db: Db, userId: string): Promise<TwoFactorSecretRow | undefined> {
  return db
    .selectFrom('two_factor_secrets')
    .select(['secret_ciphertext', 'confirmed_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new unconfirmed secret, replacing an earlier setup that was never confirmed. */
export async function savePendingSecret(db: Db, userId: string, ciphertext: string, now: Date): Promise<void> {
  await db
    .insertInto('two_factor_secrets')
    .values({user_id: userId, secret_ciphertext: ciphertext, created_at: now, confirmed_at: null, last_used_step: null})
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({secret_ciphertext: ciphertext, created_at: now, confirmed_at: null, last_used_step: null})
        .where('two_factor_secrets.confirmed_at', 'is', null),
    )
    .execute();
}

/**
 * Records `step` as used if it is later than the last step used: true when this call won it. One
 * conditional UPDATE, so two requests with the same code cannot both pass.
 */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({last_used_step: step})
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function confirmSecret(db: Db, userId: string, now: Date, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({confirmed_at: now, last_used_step: step})
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setTwoFactorEnabled(db: Db, userId: string, enabled: boolean, now: Date): Promise<void> {
  await db.updateTable('users').set({two_factor_enabled: enabled, updated_at: now}).where('id', '=', userId).execute();
}

export async function deleteTwoFactor(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({user_id: userId, code_hash, used_at: null})))
    .execute();
}

/** Spends an unused recovery code: true when this call spent it. */
export async function useRecoveryCode(db: Db, userId: string, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({used_at: now})
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  return countRows(
    db.selectFrom('two_factor_recovery_codes').where('user_id', '=', userId).where('used_at', 'is', null),
  );
}

export async function insertChallenge(db: Db, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('sign_in_challenges')
    .values({token_hash: tokenHash, user_id: userId, expires_at: expiresAt})
    .execute();
}

export async function findChallenge(db: Db, tokenHash: string, now: Date): Promise<{user_id: string} | undefined> {
  return db
    .selectFrom('sign_in_challenges')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends a challenge: true when this call spent it (a challenge signs in once). */
export async function spendChallenge(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('sign_in_challenges')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteChallengesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}

export async function deleteExpiredChallenges(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

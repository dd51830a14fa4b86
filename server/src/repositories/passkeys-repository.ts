// SQL for passkeys and the challenges of their registrations and sign-ins.
import type {Db} from '../db/connect.js';
import type {PasskeyChallengePurpose} from '../db/schema.js';
import {countRows} from './count-rows.js';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: number;
  transports: string[];
  name: string;
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = [
  'id',
  'user_id',
  'credential_id',
  'public_key',
  'sign_count',
  'transports',
  'name',
  'backed_up',
  'created_at',
  'last_used_at',
] as const;

const toRow = (row: Omit<PasskeyRow, 'sign_count'> & {sign_count: string | number}): PasskeyRow => ({
  ...row,
  sign_count: Number(row.sign_count),
});

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select(COLUMNS)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && toRow(row);
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  return countRows(db.selectFrom('passkeys').where('user_id', '=', userId));
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  name: string;
  backedUp: boolean;
  now: Date;
}

/** Stores a passkey unless its credential is already registered (to any account): the row, or undefined. */
export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<PasskeyRow | undefined> {
  const row = await db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      sign_count: passkey.signCount,
      transports: passkey.transports,
      name: passkey.name,
      backed_up: passkey.backedUp,
      created_at: passkey.now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toRow(row);
}

/**
 * Records a use: the new counter must move past the stored one (or both be 0, for authenticators that keep no
 * counter), in one conditional UPDATE so two answers replayed at once cannot both pass. True when this call won.
 */
export async function recordPasskeyUse(
  db: Db,
  use: {id: string; signCount: number; backedUp: boolean; now: Date},
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({sign_count: use.signCount, backed_up: use.backedUp, last_used_at: use.now})
    .where('id', '=', use.id)
    .where((eb) => (use.signCount === 0 ? eb('sign_count', '=', 0) : eb('sign_count', '<', use.signCount)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const row = await db
    .updateTable('passkeys')
    .set({name})
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toRow(row);
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toRow(row);
}

/** Deletes every passkey of the account (a password reset by the mailbox owner): what it removed, oldest first. */
export async function deleteAllPasskeys(db: Db, userId: string): Promise<{id: string; name: string}[]> {
  const rows = await db
    .deleteFrom('passkeys')
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'created_at'])
    .execute();
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map(({id, name}) => ({id, name}));
}

export async function insertPasskeyChallenge(
  db: Db,
  challenge: {challenge: string; purpose: PasskeyChallengePurpose; userId: string | null; expiresAt: Date},
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/** Spends a live challenge of that purpose (and account, when it has one): true when this call spent it. */
export async function spendPasskeyChallenge(
  db: Db,
  challenge: {challenge: string; purpose: PasskeyChallengePurpose; userId: string | null; now: Date},
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge.challenge)
    .where('purpose', '=', challenge.purpose)
    .where((eb) => (challenge.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', challenge.userId)))
    .where('expires_at', '>', challenge.now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteExpiredPasskeyChallenges(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

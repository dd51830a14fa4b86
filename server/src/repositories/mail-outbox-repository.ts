// SQL for the mail outbox (migration 005). A claim is a lease (outbox-lease.ts).
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import {leaseDue, type Outbox} from './outbox-lease.js';
import {countRows} from './count-rows.js';

export interface ClaimedMail {
  id: string;
  kind: string;
  payload: string;
  /** Attempts so far, this one included. */
  attempts: number;
  lockedUntil: Date;
}

export async function insertMail(db: Db, mail: {kind: string; payload: string; now: Date}): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({kind: mail.kind, payload: mail.payload, created_at: mail.now, next_attempt_at: mail.now})
    .execute();
}

const MAIL_OUTBOX: Outbox = {
  table: 'mail_outbox',
  pending: sql`sent_at IS NULL AND failed_at IS NULL AND payload IS NOT NULL`,
  attempts: 'attempts',
  returning: ['id', 'kind', 'payload', 'attempts', 'locked_until'],
};

/** Leases up to `limit` due messages until `leaseUntil` and counts this attempt on each. */
export async function claimDueMail(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
  type Row = {id: string; kind: string; payload: string; attempts: number; locked_until: Date};
  const rows = await leaseDue<Row>(db, MAIL_OUTBOX, now, leaseUntil, limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    lockedUntil: new Date(r.locked_until),
  }));
}

/** Sent: the payload (which holds the links) is dropped. False when the lease was lost. */
export async function markMailSent(db: Db, mail: ClaimedMail, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({sent_at: now, payload: null, locked_until: null, last_error: null})
    .where('id', '=', mail.id)
    .where('locked_until', '=', mail.lockedUntil)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Not sent: released, to be tried again at `nextAttemptAt`. */
export async function scheduleMailRetry(db: Db, mail: ClaimedMail, nextAttemptAt: Date, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({next_attempt_at: nextAttemptAt, locked_until: null, last_error: error})
    .where('id', '=', mail.id)
    .where('locked_until', '=', mail.lockedUntil)
    .execute();
}

/** Given up: kept as a record of the failure, without its payload. */
export async function markMailFailed(db: Db, mail: ClaimedMail, now: Date, error: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({failed_at: now, payload: null, locked_until: null, last_error: error})
    .where('id', '=', mail.id)
    .where('locked_until', '=', mail.lockedUntil)
    .execute();
}

/** Messages still to send (due or waiting for a retry): the outbox depth. */
export async function countPendingMail(db: Db): Promise<number> {
  return countRows(db.selectFrom('mail_outbox').where('sent_at', 'is', null).where('failed_at', 'is', null));
}

/** Housekeeping: forgets messages sent (or given up) before `before`; returns how many. */
export async function deleteSentMailBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where((eb) => eb.or([eb('sent_at', '<', before), eb('failed_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// The claim both outboxes (mail, webhook deliveries) take on their due rows: a lease, set in the statement that picks
// the rows (FOR UPDATE SKIP LOCKED, so two processes never pick the same row), and named by every later write, so a
// process whose lease ran out (or that died) changes nothing and the row is claimed again.
import {sql, type RawBuilder} from 'kysely';
import type {Db} from '../db/connect.js';

export interface Outbox {
  table: 'mail_outbox' | 'webhook_deliveries';
  /** What keeps a row in the outbox beside its time and lease (not sent yet, not given up on). */
  pending: RawBuilder<unknown>;
  /** The column counting attempts, this one included. */
  attempts: 'attempts' | 'attempt_count';
  returning: readonly string[];
}

/** Leases up to `limit` rows due at `now` until `leaseUntil`, oldest due first, and counts this attempt on each. */
export async function leaseDue<Row>(db: Db, outbox: Outbox, now: Date, leaseUntil: Date, limit: number) {
  const table = sql.table(outbox.table);
  const attempts = sql.ref(outbox.attempts);
  const result = await sql<Row>`
    UPDATE ${table} SET locked_until = ${leaseUntil}, ${attempts} = ${attempts} + 1
    WHERE id IN (
      SELECT id FROM ${table}
      WHERE ${outbox.pending} AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${sql.join(outbox.returning.map((column) => sql.ref(column)))}`.execute(db);
  return result.rows;
}

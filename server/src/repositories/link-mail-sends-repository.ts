// SQL for the link emails (verification, password reset) counted per address and purpose.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';
import type {EmailTokenPurpose} from '../db/schema.js';

/**
 * Records a link email to the address if both caps allow one more, in one statement: the upsert's WHERE
 * sees the row's latest version under its lock, so simultaneous requests, from any process, are counted
 * one at a time. Sends older than the day's window are dropped as it writes. Answers whether it was recorded.
 */
export async function recordLinkMail(
  db: Db,
  send: {email: string; purpose: EmailTokenPurpose; now: Date},
  caps: {hourStart: Date; perHour: number; dayStart: Date; perDay: number},
): Promise<boolean> {
  const {email, purpose, now} = send;
  const result = await sql<{recorded: number}>`
    INSERT INTO link_mail_sends AS s (email, purpose, sent_at)
    VALUES (${email}::text, ${purpose}::text, ARRAY[${now}::timestamptz])
    ON CONFLICT (email, purpose) DO UPDATE
      SET sent_at = ARRAY(SELECT t FROM unnest(s.sent_at) AS t WHERE t > ${caps.dayStart}::timestamptz)
                    || ${now}::timestamptz
      WHERE (SELECT count(*) FROM unnest(s.sent_at) AS t WHERE t > ${caps.dayStart}::timestamptz) < ${caps.perDay}::int
        AND (SELECT count(*) FROM unnest(s.sent_at) AS t WHERE t > ${caps.hourStart}::timestamptz) < ${caps.perHour}::int
    RETURNING 1 AS recorded`.execute(db);
  return result.rows.length > 0;
}

/** Housekeeping: deletes the rows with no send inside the day's window; they would start from nothing anyway. */
export async function deleteStaleLinkMailSends(db: Db, dayStart: Date): Promise<number> {
  const result = await sql`
    DELETE FROM link_mail_sends
    WHERE NOT EXISTS (SELECT 1 FROM unnest(sent_at) AS t WHERE t > ${dayStart}::timestamptz)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

// Housekeeping, run by the scheduler every HOUSEKEEPING_INTERVAL_MINUTES in one process: deletes
// what can no longer be used, so tables stay the size of what is live and nothing sensitive is kept
// longer than it serves. Each purge is one statement and answers how many rows it touched.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {deleteEmailTokensExpiredBefore} from '../repositories/email-tokens-repository.js';
import {forgetEndedInvitationTokens} from '../repositories/invitations-repository.js';
import {deleteStaleAttempts} from '../repositories/login-throttle-repository.js';
import {deleteStaleLinkMailSends} from '../repositories/link-mail-sends-repository.js';
import {deleteDeadSessions} from '../repositories/sessions-repository.js';
import {deleteEndedSessionsBefore} from '../repositories/ended-sessions-repository.js';
import {purgeActivityBefore} from '../repositories/activity-repository.js';
import {deleteExpiredPasskeyChallenges} from '../repositories/passkeys-repository.js';
import {deleteExpiredChallenges} from '../repositories/two-factor-repository.js';
import {purgeExpiredSubmissions} from '../repositories/submissions-repository.js';
import {purgeInboxMessagesBefore} from '../repositories/webhook-inbox-repository.js';
import {purgeFinishedEventsBefore} from '../repositories/webhook-events-repository.js';
import {WEBHOOK_LOG_RETENTION_DAYS} from '@intakekit/contract/webhooks';
import {INBOX_RETENTION_MS} from './webhook-inbox.js';
import {purgeSentMail} from './mail-outbox.js';
import type {ScheduledJob} from './scheduled-jobs.js';
import {DAY_MS} from '../lib/durations.js';

type HousekeepingConfig = Pick<
  Config,
  'now' | 'housekeepingIntervalMs' | 'sessionIdleMs' | 'sessionGraceMs' | 'lockWindowMs' | 'activityRetentionDays'
>;

/**
 * How long a used or expired email link is kept after its expiry:
 * a day in which clicking it again still answers ALREADY_USED or EXPIRED rather than "invalid".
 */
export const ENDED_LINK_RETENTION_MS = DAY_MS;
/**
 * How long a token's tombstone says why its session ended: long enough for a browser left open over a holiday
 * to be told, short enough that the table stays the size of a month's sign-ins.
 */
export const ENDED_SESSION_RETENTION_MS = 30 * DAY_MS;

/** The lock number of the housekeeping job (see scheduled-jobs.ts); never reuse it for another job. */
const HOUSEKEEPING_LOCK_ID = 1;

type Purge = (db: Db, now: Date, config: HousekeepingConfig) => Promise<number>;

/** Each purge by the name it is logged under. */
const PURGES: Record<string, Purge> = {
  sessions: (db, now, config) =>
    deleteDeadSessions(db, {
      now,
      idleBefore: new Date(now.getTime() - config.sessionIdleMs),
      graceBefore: new Date(now.getTime() - config.sessionGraceMs),
    }),
  emailTokens: (db, now) => deleteEmailTokensExpiredBefore(db, new Date(now.getTime() - ENDED_LINK_RETENTION_MS)),
  // Only a pending, unexpired invitation is ever looked up by its token, so an ended one's goes at once.
  invitationTokens: (db, now) => forgetEndedInvitationTokens(db, now),
  signInAttempts: (db, now, config) => deleteStaleAttempts(db, now, new Date(now.getTime() - config.lockWindowMs)),
  linkMailSends: (db, now) => deleteStaleLinkMailSends(db, new Date(now.getTime() - DAY_MS)),
  sentMail: (db, now) => purgeSentMail(db, now),
  signInChallenges: (db, now) => deleteExpiredChallenges(db, now),
  passkeyChallenges: (db, now) => deleteExpiredPasskeyChallenges(db, now),
  endedSessions: (db, now) => deleteEndedSessionsBefore(db, new Date(now.getTime() - ENDED_SESSION_RETENTION_MS)),
  // The activity log's retention (ACTIVITY_RETENTION_DAYS); the run's transaction lets this one deletion through.
  activity: (db, now, config) =>
    purgeActivityBefore(db, new Date(now.getTime() - config.activityRetentionDays * DAY_MS)),
  // Patients' answers past their owner's retention for their environment (contract submissions.ts).
  submissions: (db, now) => purgeExpiredSubmissions(db, now),
  // What the test inboxes received, kept a day (it may hold patients' answers).
  webhookInbox: (db, now) => purgeInboxMessagesBefore(db, new Date(now.getTime() - INBOX_RETENTION_MS)),
  // The delivery log's finished events, with their deliveries and attempts (request headers, answers' first 2 kB).
  webhookLog: (db, now) => purgeFinishedEventsBefore(db, new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * DAY_MS)),
};

/** Runs every purge once (in the caller's transaction); answers the rows each one removed. */
export async function housekeep(db: Db, config: HousekeepingConfig): Promise<Record<string, number>> {
  const now = config.now();
  const removed: Record<string, number> = {};
  for (const [name, purge] of Object.entries(PURGES)) removed[name] = await purge(db, now, config);
  return removed;
}

export function housekeepingJob(config: HousekeepingConfig): ScheduledJob {
  return {
    name: 'housekeeping',
    lockId: HOUSEKEEPING_LOCK_ID,
    intervalMs: config.housekeepingIntervalMs,
    run: (db) => housekeep(db, config),
  };
}

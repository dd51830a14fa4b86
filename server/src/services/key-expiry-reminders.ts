// Expiry reminders: the owner and admins of a team (or the user of a personal key) are
// emailed 7 days and 1 day before a key in use expires; once it has expired, the activity log records it. A scheduled job, so it runs in one process at
// a time however many share the database; the emails go through the outbox in the job's transaction, as does a
// key.expiring webhook event to the owner's endpoints that take it, and a key records which reminder it had, so
// none is sent twice (a new expiry date resets it).
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {SecretBox} from '../lib/secret-box.js';
import {
  EXPIRY_RECORDED,
  keyCaretakers,
  keysDueReminder,
  keysExpiredUnrecorded,
  markReminded,
} from '../repositories/key-expiry-repository.js';
import type {KeyExpiringData} from '@intakekit/contract/schemas/webhook-events';
import type {ExpiringKey} from '../repositories/key-expiry-repository.js';
import {recordActivity} from './activity.js';
import {recordEvent} from './webhook-events.js';
import {enqueueMail} from './mail-outbox.js';
import type {ScheduledJob} from './scheduled-jobs.js';
import {EXPIRY_REMINDER_DAYS, KEY_IN_USE_DAYS, keyEnding} from '@intakekit/contract/api-keys';
import {DAY_MS} from '../lib/durations.js';

/** The lock number of this job (see scheduled-jobs.ts); never reuse it for another job. */
const KEY_EXPIRY_LOCK_ID = 2;

type ReminderConfig = Pick<Config, 'now' | 'portalUrl' | 'keyExpiryReminderIntervalMs'>;

/** The sealing of the emails (mail-outbox) and of the webhook events' data (webhookEventsBox). */
export interface ReminderBoxes {
  mail: SecretBox;
  events: SecretBox;
}

export async function sendExpiryReminders(
  db: Db,
  boxes: ReminderBoxes,
  config: ReminderConfig,
): Promise<Record<string, number>> {
  const now = config.now();
  const [first, second] = EXPIRY_REMINDER_DAYS;
  const due = await keysDueReminder(
    db,
    now,
    new Date(now.getTime() - KEY_IN_USE_DAYS * DAY_MS),
    new Date(now.getTime() + first * DAY_MS),
    new Date(now.getTime() + second * DAY_MS),
  );
  let emails = 0;
  for (const key of due) {
    const daysLeft = key.stage === 2 ? second : first;
    for (const person of await keyCaretakers(db, key)) {
      await enqueueMail(db, boxes.mail, now, person.email, {
        kind: 'key-expiring',
        name: person.name,
        keyLabel: `${key.name} (ending ${keyEnding(key.key_masked ?? '')})`,
        keyType: key.key_type,
        daysLeft,
        expiresAt: key.expires_at.toISOString().replace('T', ' ').slice(0, 16),
        link: `${config.portalUrl}/api-keys`,
      });
      emails += 1;
    }
    await announceExpiry(db, boxes.events, key, daysLeft, now);
    await markReminded(db, key.id, key.stage);
  }
  return {keys: due.length, emails, expired: await recordExpiries(db, now)};
}

/** key.expiring to the owner's endpoints of the key's environment that take it (none: nothing is written). */
async function announceExpiry(db: Db, box: SecretBox, key: ExpiringKey, daysLeft: 7 | 1, now: Date): Promise<void> {
  const data: KeyExpiringData = {
    keyId: key.id,
    name: key.name,
    keyEnding: keyEnding(key.key_masked ?? ''),
    environment: key.key_type,
    expiresAt: key.expires_at.toISOString(),
    daysLeft,
  };
  const owner = key.team_id ? {teamId: key.team_id} : {userId: key.user_id!};
  await recordEvent(db, box, {owner, keyType: key.key_type, type: 'key.expiring', data, now});
}

/**
 * A key's expiry is an event of the activity log like a revocation, though no one acts: recorded at the time
 * the key expired, in the team's log (or, for a key of someone without a team, in its owner's), once.
 */
async function recordExpiries(db: Db, now: Date): Promise<number> {
  const expired = await keysExpiredUnrecorded(db, now);
  for (const key of expired) {
    await recordActivity(db, key.expires_at, {
      action: 'key.expired',
      actor: key.team_id ? null : {id: key.user_id, email: key.user_email, teamId: null},
      teamId: key.team_id,
      target: {type: 'key', id: key.id, label: `${key.name} (ending ${keyEnding(key.key_masked ?? '')})`},
      client: {userAgent: null, ipAddress: null},
    });
    await markReminded(db, key.id, EXPIRY_RECORDED);
  }
  return expired.length;
}

export function keyExpiryRemindersJob(config: ReminderConfig, boxes: ReminderBoxes): ScheduledJob {
  return {
    name: 'key-expiry-reminders',
    lockId: KEY_EXPIRY_LOCK_ID,
    intervalMs: config.keyExpiryReminderIntervalMs,
    run: (db) => sendExpiryReminders(db, boxes, config),
  };
}

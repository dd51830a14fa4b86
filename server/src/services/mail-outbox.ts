// The mail outbox: enqueueMail writes a message in the caller's transaction (so it exists exactly
// when the change that causes it does); sendDueMail, run by the worker in each process, sends what
// is due. The payload holds links with single-use tokens, so it is sealed with the server secret
// and dropped once the message is sent or given up.
import type {Db} from '../db/connect.js';
import type {SecretBox} from '../lib/secret-box.js';
import type {MailTemplate} from '../mail/templates.js';
import {renderMail} from '../mail/templates.js';
import type {MailTransport} from '../mail/transport.js';
import {
  claimDueMail,
  countPendingMail,
  deleteSentMailBefore,
  insertMail,
  markMailFailed,
  markMailSent,
  scheduleMailRetry,
  type ClaimedMail,
} from '../repositories/mail-outbox-repository.js';

/** Messages leased per claim: small, so a closing process holds few at a time. */
const BATCH = 10;

interface Payload {
  to: string;
  template: MailTemplate;
}

export async function enqueueMail(
  db: Db,
  box: SecretBox,
  now: Date,
  to: string,
  template: MailTemplate,
): Promise<void> {
  const payload: Payload = {to, template};
  await insertMail(db, {kind: template.kind, payload: box.seal(JSON.stringify(payload)), now});
}

export interface OutboxWorker {
  db: Db;
  box: SecretBox;
  transport: MailTransport;
  from: string;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  leaseMs: number;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/** The wait before attempt n + 1 after n failed ones: doubling from the base, capped. */
export function retryDelayMs(worker: Pick<OutboxWorker, 'retryBaseMs' | 'retryMaxMs'>, failedAttempts: number): number {
  return Math.min(worker.retryMaxMs, worker.retryBaseMs * 2 ** Math.min(30, failedAttempts - 1));
}

/** Claims one batch of due messages and attempts each; returns how many were claimed. */
export async function sendDueMail(worker: OutboxWorker): Promise<number> {
  const now = new Date();
  const claimed = await claimDueMail(worker.db, now, new Date(now.getTime() + worker.leaseMs), BATCH);
  for (const mail of claimed) await attempt(worker, mail);
  return claimed.length;
}

async function attempt(worker: OutboxWorker, mail: ClaimedMail): Promise<void> {
  const {log} = worker;
  const details = {id: mail.id, kind: mail.kind, attempts: mail.attempts};
  let rendered: ReturnType<typeof renderMail>;
  let to: string;
  try {
    const payload = JSON.parse(worker.box.open(mail.payload)) as Payload;
    to = payload.to;
    rendered = renderMail(payload.template);
  } catch (error) {
    // Sealed under another secret, or corrupt: retrying cannot help.
    await markMailFailed(worker.db, mail, new Date(), errorText(error));
    log.error({err: error, mail: details}, 'email given up: its payload cannot be read');
    return;
  }
  let file: string | undefined;
  try {
    file = await worker.transport.send({
      from: worker.from,
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
    });
  } catch (error) {
    if (mail.attempts >= worker.maxAttempts) {
      await markMailFailed(worker.db, mail, new Date(), errorText(error));
      log.error({err: error, mail: details}, 'email given up after repeated failures');
    } else {
      const next = new Date(Date.now() + retryDelayMs(worker, mail.attempts));
      await scheduleMailRetry(worker.db, mail, next, errorText(error));
      log.warn({err: error, mail: {...details, nextAttemptAt: next.toISOString()}}, 'email not sent yet; will retry');
    }
    return;
  }
  if (!(await markMailSent(worker.db, mail, new Date()))) {
    // The lease ran out during the send (a send slower than MAIL_LEASE_SECONDS): another worker may send it too.
    log.warn({mail: details}, 'email sent after its lease ended');
  }
  if (worker.transport.devMode) {
    // Development mode only: printing the link is the point (no mail server needed).
    log.info({mail: {kind: mail.kind, file, link: rendered.link}}, 'email written to file');
  } else {
    log.info({mail: details}, 'email sent');
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** How long a sent (or given-up) message's delivery record is kept: a week to answer "did my email go out?". */
export const SENT_MAIL_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** The outbox depth: messages not yet sent nor given up (for /metrics). */
export function pendingMailCount(db: Db): Promise<number> {
  return countPendingMail(db);
}

/** Housekeeping: deletes delivery records older than SENT_MAIL_RETENTION_MS; answers how many. */
export function purgeSentMail(db: Db, now: Date): Promise<number> {
  return deleteSentMailBefore(db, new Date(now.getTime() - SENT_MAIL_RETENTION_MS));
}

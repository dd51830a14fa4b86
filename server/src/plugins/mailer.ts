// Decorates app.mailer: the mail outbox and its worker. Services write each email with
// enqueue(trx, ...) inside the transaction of the change that causes it, and call wake() after the
// commit; the worker in every process sends what is due (retrying with backoff), so nothing is
// sent from a request and nothing is lost when the mail server is down or the process dies.
// background() runs work after an answer was sent (forgot-password, resend), its errors logged.
// flush() waits until that work is done and everything due has been attempted: used by tests.
import fp from 'fastify-plugin';
import {drainLoop} from '../lib/drain-loop.js';
import {secretBox} from '../lib/secret-box.js';
import {fileTransport, smtpTransport, type MailTransport} from '../mail/transport.js';
import {enqueueMail, pendingMailCount, sendDueMail, type OutboxWorker} from '../services/mail-outbox.js';
import type {Config} from '../config.js';
import type {MailSender} from '../services/ports/mail-sender.js';

/** The services' mail port, and what routes and tests also need: work after an answer, and a wait for it all. */
export interface Mailer extends MailSender {
  /** Runs work in the background (after an answer); failures are logged, flush() and close wait for it. */
  background(label: string, work: () => Promise<void>): void;
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<{config: Config; secretKey: string}>(
  async (app, {config, secretKey}) => {
    const transport: MailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.dataDir);
    const box = secretBox(secretKey, 'mail-outbox');
    const worker: OutboxWorker = {
      db: app.db,
      box,
      transport,
      from: config.mailFrom,
      maxAttempts: config.mailMaxAttempts,
      retryBaseMs: config.mailRetryBaseMs,
      retryMaxMs: config.mailRetryMaxMs,
      leaseMs: config.mailLeaseMs,
      log: app.log,
    };
    const pending = new Set<Promise<void>>();
    let closing = false;
    const loop = drainLoop(
      () => sendDueMail(worker),
      (error) => app.log.error({err: error}, 'mail outbox worker failed'),
    );
    const drain = loop.drain;

    const mailer: Mailer = {
      async enqueue(trx, to, template) {
        await enqueueMail(trx, box, new Date(), to, template);
      },
      wake() {
        if (!closing) void drain();
      },
      background(label, work) {
        const job = work()
          .catch((error: unknown) => app.log.error({err: error, work: label}, 'background work failed'))
          .finally(() => pending.delete(job));
        pending.add(job);
      },
      async flush() {
        do {
          while (pending.size > 0) await Promise.all([...pending]);
          await drain();
        } while (pending.size > 0);
      },
    };
    app.decorate('mailer', mailer);
    app.metrics.addGauge('intakekit_mail_outbox_pending', 'Emails in the outbox not yet sent nor given up.', () =>
      pendingMailCount(app.db),
    );

    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      poll = setInterval(() => void drain(), config.mailPollIntervalMs);
      poll.unref();
      void drain();
    });
    // Registered after db: onClose hooks run last-registered first, so the worker stops (after one
    // last attempt at what is due) before the database closes.
    app.addHook('onClose', async () => {
      clearInterval(poll);
      await mailer.flush();
      closing = true;
      await loop.close();
      transport.close();
    });
  },
  {name: 'mailer', fastify: '5.x', dependencies: ['db', 'metrics']},
);

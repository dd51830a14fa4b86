// Decorates app.mailer. Sending happens in the background so a slow mail server never slows an
// answer (and forgot-password answers in the same time whether or not it sends); failures are
// logged. flush() waits for everything queued: used on close and by tests.
import fp from 'fastify-plugin';
import {renderMail, type MailTemplate} from '../mail/templates.js';
import {fileTransport, smtpTransport, type MailTransport} from '../mail/transport.js';
import type {Config} from '../config.js';

export interface Mailer {
  /**
   * Queues an email. The template may be a function, run in the background too: routes that
   * must answer in the same time whether or not they send (forgot-password, resend) put the
   * token write there, after the answer.
   */
  send(to: string, template: MailTemplate | (() => Promise<MailTemplate>)): void;
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    const transport: MailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.dataDir);
    const pending = new Set<Promise<void>>();

    const deliver = async (to: string, source: MailTemplate | (() => Promise<MailTemplate>)): Promise<void> => {
      let kind = typeof source === 'function' ? 'deferred' : source.kind;
      try {
        const template = typeof source === 'function' ? await source() : source;
        kind = template.kind;
        const mail = renderMail(template);
        const file = await transport.send({
          from: config.mailFrom,
          to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        if (transport.devMode) {
          // Development mode only: printing the link is the point (no mail server needed).
          app.log.info({mail: {kind: template.kind, file, link: mail.link}}, 'email written to file');
        } else {
          app.log.info({mail: {kind: template.kind}}, 'email sent');
        }
      } catch (error) {
        app.log.error({err: error, mail: {kind}}, 'email could not be sent');
      }
    };

    const mailer: Mailer = {
      send(to, template) {
        const job = deliver(to, template).finally(() => pending.delete(job));
        pending.add(job);
      },
      async flush() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.flush();
      transport.close();
    });
    // After db: onClose hooks run last-registered first, so queued jobs (which may write tokens)
    // finish before the database closes.
  },
  {name: 'mailer', fastify: '5.x', dependencies: ['db']},
);

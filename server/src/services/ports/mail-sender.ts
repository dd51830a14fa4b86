// What a service needs to send mail, and all it may know of how: an email is written to the outbox in the
// transaction of the change that causes it, and the sender is woken once that commits. The mailer plugin
// implements it (plugins/mailer.ts); tests may hand a service any other implementation.
import type {Db} from '../../db/connect.js';
import type {MailTemplate} from '../../mail/templates.js';

export interface MailSender {
  /** Writes an email to the outbox in the caller's transaction; call wake() once it commits. */
  enqueue(trx: Db, to: string, template: MailTemplate): Promise<void>;
  /** Lets this process's worker look for due mail now rather than at its next poll. */
  wake(): void;
}

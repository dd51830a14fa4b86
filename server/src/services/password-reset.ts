// Password reset by emailed link: asking for one answers the same whether or not the account
// exists; using one sets the password, proves the address and ends every session.
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';
import {hashPassword, isAcceptablePassword} from '../lib/passwords.js';
import {clearAttemptsOfUser} from '../repositories/login-throttle-repository.js';
import {deleteUserSessions} from '../repositories/sessions-repository.js';
import {deleteChallengesOf} from '../repositories/two-factor-repository.js';
import {findUser, updateUser, type UserWithTeam} from '../repositories/users-repository.js';
import {consumeToken, createLink, findUsableToken, withinLinkMailCaps, type MailingApp} from './email-links.js';

type ResetConfig = Parameters<typeof createLink>[1];

/**
 * Writes a reset token and its email when the address has an account. The route runs this after
 * its answer, so neither the body nor the timing tells whether the account exists.
 */
export async function requestPasswordReset(app: MailingApp, config: ResetConfig, email: string): Promise<void> {
  const user = await findUser(app.db, {email});
  if (!user) return;
  await app.db.transaction().execute(async (trx) => {
    // Over the address's cap nothing is sent; the answer, already given, was the same.
    if (!(await withinLinkMailCaps(trx, config, user.email, 'reset_password'))) return;
    const link = await createLink(trx, config, user.id, 'reset_password');
    await app.mailer.enqueue(trx, user.email, {kind: 'reset-password', link, name: user.name});
  });
  app.mailer.wake();
}

export async function resetPassword(
  app: MailingApp,
  config: Pick<Config, 'now' | 'portalUrl'>,
  token: string,
  newPassword: string,
): Promise<UserWithTeam | undefined> {
  const now = config.now();
  const usable = await findUsableToken(app.db, now, 'reset_password', token, 'INVALID_OR_EXPIRED');
  // Checked after the token so a weak password does not burn a valid link.
  if (!isAcceptablePassword(newPassword)) throw new ApiError('INVALID_PASSWORD');
  const passwordHash = await hashPassword(newPassword);
  const user = await app.db.transaction().execute(async (trx) => {
    await consumeToken(trx, usable.id, now);
    // Following the link proves the address too.
    await updateUser(trx, usable.userId, {passwordHash, emailVerified: true}, now);
    await deleteUserSessions(trx, usable.userId, 'password-changed', now);
    // A two-factor challenge proves the old password: it ends with the sessions (two-factor stays on).
    await deleteChallengesOf(trx, usable.userId);
    // The mailbox owner is back in: a lock someone else keeps renewing with wrong passwords lifts.
    await clearAttemptsOfUser(trx, usable.userId);
    const user = await findUser(trx, {id: usable.userId});
    if (user) {
      await app.mailer.enqueue(trx, user.email, {
        kind: 'password-changed',
        name: user.name,
        portalUrl: config.portalUrl,
      });
    }
    return user;
  });
  app.mailer.wake();
  return user;
}

// Password reset by emailed link: asking for one answers the same whether or not the account
// exists; using one sets the password, proves the address, ends every session and removes every passkey (with
// two-factor on, only with a code too).
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';
import {hashPassword, assertAcceptablePassword} from '../lib/passwords.js';
import {clearAttemptsOfUser} from '../repositories/login-throttle-repository.js';
import {countCodeAttempt} from '../repositories/email-tokens-repository.js';
import {deleteAllPasskeys} from '../repositories/passkeys-repository.js';
import {deleteUserSessions} from '../repositories/ended-sessions-repository.js';
import {deleteChallengesOf} from '../repositories/two-factor-repository.js';
import {findUser, updateUser, type UserWithTeam} from '../repositories/users-repository.js';
import {endRecoveryOnReset} from './account-recovery.js';
import {consumeToken, createLink, findUsableToken, withinLinkMailCaps, type MailingApp} from './email-links.js';
import type {SecondFactor} from './two-factor.js';

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

/** What a completed reset did, for the activity log. */
export interface ResetOutcome {
  user: UserWithTeam;
  /** The passkeys it removed: the previous holder of the account may have added them. */
  removedPasskeys: {id: string; name: string}[];
  /** With two-factor on, which kind of code allowed it. */
  secondFactor: SecondFactor | null;
}

/**
 * Sets the password through an emailed link. The link proves the mailbox, and whoever holds it gets the account
 * alone: every session ends and every passkey goes, since the account may have been registered by someone else
 * before its owner (pre-hijacking). With two-factor on, the mailbox is not enough: a code is needed too
 * (`spendCode` spends it), or the waiting-period recovery of account-recovery.ts.
 */
export async function resetPassword(
  app: MailingApp,
  config: Pick<Config, 'now' | 'portalUrl' | 'loginLockAttempts'>,
  request: {token: string; newPassword: string; code?: string | undefined},
  spendCode: (userId: string, code: string) => Promise<SecondFactor | null>,
): Promise<ResetOutcome | undefined> {
  const {token, newPassword, code} = request;
  const now = config.now();
  const usable = await findUsableToken(app.db, now, 'reset_password', token, 'INVALID_OR_EXPIRED');
  // Checked after the token so a weak password does not burn a valid link.
  assertAcceptablePassword(newPassword);
  const holder = await findUser(app.db, {id: usable.userId});
  let secondFactor: SecondFactor | null = null;
  if (holder?.twoFactorEnabled) {
    // Neither a missing nor a wrong code burns the link; it checks LOGIN_LOCK_ATTEMPTS codes, then no more.
    if (code === undefined) throw new ApiError('TWO_FACTOR_CODE_REQUIRED');
    if (!(await countCodeAttempt(app.db, usable.id, config.loginLockAttempts))) {
      throw new ApiError('INVALID_OR_EXPIRED');
    }
    secondFactor = await spendCode(holder.id, code);
    if (!secondFactor) throw new ApiError('INVALID_TWO_FACTOR_CODE');
  }
  const passwordHash = await hashPassword(newPassword);
  const outcome = await app.db.transaction().execute(async (trx) => {
    await consumeToken(trx, usable.id, now);
    // Following the link proves the address too.
    await updateUser(trx, usable.userId, {passwordHash, emailVerified: true}, now);
    await deleteUserSessions(trx, usable.userId, 'password-changed', now);
    // A two-factor challenge proves the old password: it ends with the sessions (two-factor stays on).
    await deleteChallengesOf(trx, usable.userId);
    // The mailbox owner is back in: a lock someone else keeps renewing with wrong passwords lifts.
    await clearAttemptsOfUser(trx, usable.userId);
    const removedPasskeys = await deleteAllPasskeys(trx, usable.userId);
    await endRecoveryOnReset(trx, usable.userId);
    const user = await findUser(trx, {id: usable.userId});
    if (user) {
      await app.mailer.enqueue(trx, user.email, {
        kind: 'password-changed',
        name: user.name,
        portalUrl: config.portalUrl,
        removedPasskeys: removedPasskeys.map((p) => p.name),
      });
    }
    return user && {user, removedPasskeys, secondFactor};
  });
  app.mailer.wake();
  return outcome;
}

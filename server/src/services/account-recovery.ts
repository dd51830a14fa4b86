// Recovery for someone who lost their authenticator and recovery codes. With two-factor on, a reset link proves the
// mailbox but not the account: the two-factor may be the owner's (and the mailbox taken), or it may be that of
// someone who registered the address before its owner did. So the link does not set the password at once: it starts
// a wait (ACCOUNT_RECOVERY_WAIT_DAYS) in which every session is ended, nobody can sign in by any means, and the
// address is told with a link to cancel. A holder of the real authenticator cancels; a registrant cannot, having
// neither the mailbox nor a way to sign in. When the wait ends, two-factor and every passkey are removed and the new
// password chosen at the start takes effect; the address is told again.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {hashPassword, assertAcceptablePassword} from '../lib/passwords.js';
import type {SecretBox} from '../lib/secret-box.js';
import {hashToken, isWellFormedToken, newToken} from '../lib/tokens.js';
import {
  deleteRecovery,
  deleteRecoveryByCancelToken,
  dueRecoveries,
  findRecovery,
  upsertRecovery,
} from '../repositories/account-recovery-repository.js';
import {clearAttemptsOfUser} from '../repositories/login-throttle-repository.js';
import {deleteAllPasskeys} from '../repositories/passkeys-repository.js';
import {deleteUserSessions} from '../repositories/ended-sessions-repository.js';
import {deleteChallengesOf, deleteTwoFactor, setTwoFactorEnabled} from '../repositories/two-factor-repository.js';
import {findUser, updateUser, type UserWithTeam} from '../repositories/users-repository.js';
import {actorOf, recordActivity} from './activity.js';
import {consumeToken, findUsableToken, type MailingApp} from './email-links.js';
import {enqueueMail} from './mail-outbox.js';
import type {ScheduledJob} from './scheduled-jobs.js';

type RecoveryConfig = Pick<Config, 'now' | 'portalUrl' | 'accountRecoveryWaitMs'>;

/** The lock number of this job (see scheduled-jobs.ts); never reuse it for another job. */
const ACCOUNT_RECOVERY_LOCK_ID = 3;

/** A time as the emails give it: '2026-01-22 09:00' (UTC). */
const readable = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 16);

/** Starts (or, under way, keeps) the recovery of the reset link's account; the link is spent. */
export async function startAccountRecovery(
  app: MailingApp,
  config: RecoveryConfig,
  token: string,
  newPassword: string,
): Promise<{user: UserWithTeam; endsAt: Date}> {
  const now = config.now();
  const usable = await findUsableToken(app.db, now, 'reset_password', token, 'INVALID_OR_EXPIRED');
  assertAcceptablePassword(newPassword);
  const user = await findUser(app.db, {id: usable.userId});
  if (!user) throw new ApiError('INVALID_OR_EXPIRED');
  // Without two-factor the link resets the password at once: there is nothing to wait for.
  if (!user.twoFactorEnabled) throw new ApiError('TWO_FACTOR_NOT_ENABLED');
  const passwordHash = await hashPassword(newPassword);
  const cancelToken = newToken();
  const recovery = await app.db.transaction().execute(async (trx) => {
    await consumeToken(trx, usable.id, now);
    const row = await upsertRecovery(trx, {
      userId: user.id,
      passwordHash,
      cancelTokenHash: hashToken(cancelToken),
      now,
      endsAt: new Date(now.getTime() + config.accountRecoveryWaitMs),
    });
    // Following the link proves the address.
    await updateUser(trx, user.id, {emailVerified: true}, now);
    // Whoever is signed in now might be the one the recovery is against.
    await deleteUserSessions(trx, user.id, 'account-recovery', now);
    await deleteChallengesOf(trx, user.id);
    await app.mailer.enqueue(trx, user.email, {
      kind: 'account-recovery-started',
      name: user.name,
      endsAt: readable(row.ends_at),
      cancelLink: `${config.portalUrl}/cancel-recovery?token=${cancelToken}`,
    });
    return row;
  });
  app.mailer.wake();
  return {user, endsAt: recovery.ends_at};
}

/** Cancels a recovery by the link mailed at its start: its account; an unknown or spent link is INVALID_OR_EXPIRED. */
export async function cancelAccountRecovery(db: Db, token: string): Promise<UserWithTeam | undefined> {
  const userId = isWellFormedToken(token) ? await deleteRecoveryByCancelToken(db, hashToken(token)) : undefined;
  if (!userId) throw new ApiError('INVALID_OR_EXPIRED');
  return findUser(db, {id: userId});
}

/** Sign-in by any means waits for the end of a recovery; trying does not end it. */
export async function refuseWhileRecovering(db: Db, userId: string): Promise<void> {
  if (await findRecovery(db, userId)) throw new ApiError('ACCOUNT_RECOVERY_PENDING');
}

/** A reset completed with a code ends a recovery under way: the person with the code has the account. */
export async function endRecoveryOnReset(db: Db, userId: string): Promise<void> {
  await deleteRecovery(db, userId);
}

/** The job's work: each recovery whose wait is over removes two-factor and passkeys and sets its password. */
export async function completeDueRecoveries(
  db: Db,
  box: SecretBox,
  config: RecoveryConfig,
): Promise<Record<string, number>> {
  const now = config.now();
  const due = await dueRecoveries(db, now);
  let passkeys = 0;
  for (const recovery of due) {
    const user = await findUser(db, {id: recovery.user_id});
    if (!user) continue;
    await deleteTwoFactor(db, user.id);
    await deleteChallengesOf(db, user.id);
    await setTwoFactorEnabled(db, user.id, false, now);
    const removed = await deleteAllPasskeys(db, user.id);
    await updateUser(db, user.id, {passwordHash: recovery.password_hash}, now);
    await deleteUserSessions(db, user.id, 'password-changed', now);
    await clearAttemptsOfUser(db, user.id);
    await deleteRecovery(db, user.id);
    const event = {actor: actorOf(user), client: {userAgent: null, ipAddress: null}};
    for (const passkey of removed) {
      await recordActivity(db, now, {
        ...event,
        action: 'passkey.removed',
        target: {type: 'passkey', id: passkey.id, label: passkey.name},
      });
    }
    await recordActivity(db, now, {...event, action: 'account-recovery.completed'});
    await enqueueMail(db, box, now, user.email, {
      kind: 'account-recovery-completed',
      name: user.name,
      removedPasskeys: removed.map((p) => p.name),
      portalUrl: config.portalUrl,
    });
    passkeys += removed.length;
  }
  return {completed: due.length, passkeysRemoved: passkeys};
}

/** Runs every HOUSEKEEPING_INTERVAL_MINUTES, so a recovery ends within that much after its time. */
export function accountRecoveryJob(
  config: RecoveryConfig & Pick<Config, 'housekeepingIntervalMs'>,
  box: SecretBox,
): ScheduledJob {
  return {
    name: 'account-recovery',
    lockId: ACCOUNT_RECOVERY_LOCK_ID,
    intervalMs: config.housekeepingIntervalMs,
    run: (db) => completeDueRecoveries(db, box, config),
  };
}

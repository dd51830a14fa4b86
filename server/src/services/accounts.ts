// Accounts: sign-up (with its team when one is named), the profile and the password of a signed-in user.
// Each write that spans tables runs in one transaction here; the routes only speak HTTP.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {hashPassword, assertAcceptablePassword} from '../lib/passwords.js';
import type {MailSender} from './ports/mail-sender.js';
import {supersedeEmailTokens} from '../repositories/email-tokens-repository.js';
import {deleteUserSessions} from '../repositories/ended-sessions-repository.js';
import {createTeamWithOwner} from '../repositories/teams-repository.js';
import {deleteChallengesOf} from '../repositories/two-factor-repository.js';
import {findUser, insertUser, updateUser, type UserWithTeam} from '../repositories/users-repository.js';
import {queueVerificationEmail, type LinkConfig} from './email-links.js';
import {findUsableInvitation} from './invitations.js';
import {assertAcceptableNames} from './names.js';
import {startSession, type SessionClient} from './sessions.js';

export interface Registration {
  email: string;
  password: string;
  name: string | null;
  teamName: string | null;
  invitationToken: string | undefined;
}

/**
 * Creates the account (and its team when a team name is given). Signing up through a usable
 * invitation for the same address proves the mailbox, so that account starts verified.
 */
export async function registerAccount(
  db: Db,
  config: LinkConfig,
  mailer: MailSender,
  registration: Registration,
): Promise<{userId: string; emailVerified: boolean}> {
  const {email, password, name, teamName, invitationToken} = registration;
  assertAcceptableNames(name, teamName);
  assertAcceptablePassword(password);
  if (await findUser(db, {email})) throw new ApiError('EMAIL_IN_USE');

  const passwordHash = await hashPassword(password);
  const now = config.now();
  // A token that is unusable or for another address is ignored: registration as usual.
  const invitation = invitationToken ? await findUsableInvitation(db, invitationToken, now) : undefined;
  const emailVerified = invitation?.email === email;
  const userId = await db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, {email, name, passwordHash, now, emailVerified});
    if (!id) throw new ApiError('EMAIL_IN_USE');
    if (teamName) await createTeamWithOwner(trx, teamName, id, now);
    // The verification email exists exactly when the account does.
    if (!emailVerified) await queueVerificationEmail(trx, mailer, config, {id, email, name});
    return id;
  });
  if (!emailVerified) mailer.wake();
  return {userId, emailVerified};
}

/** The account of a signed-in user, read afresh; UNAUTHORIZED when it is gone. */
export async function findAccount(db: Db, userId: string): Promise<UserWithTeam> {
  const user = await findUser(db, {id: userId});
  if (!user) throw new ApiError('UNAUTHORIZED');
  return user;
}

export async function updateProfile(
  db: Db,
  config: Pick<Config, 'now'>,
  userId: string,
  profile: {name: string},
): Promise<UserWithTeam> {
  assertAcceptableNames(profile.name);
  await updateUser(db, userId, {name: profile.name}, config.now());
  return findAccount(db, userId);
}

/**
 * Sets a new password for a user whose current password was checked: every session ends, and the
 * one returned (a new token) replaces the caller's.
 */
export async function changePassword(
  db: Db,
  config: Parameters<typeof startSession>[1] & Pick<Config, 'portalUrl'>,
  mailer: MailSender,
  user: UserWithTeam,
  newPassword: string,
  client: SessionClient,
): Promise<string> {
  assertAcceptablePassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const token = await db.transaction().execute(async (trx) => {
    const now = config.now();
    await updateUser(trx, user.id, {passwordHash}, now);
    await deleteUserSessions(trx, user.id, 'password-changed', now);
    // A two-factor challenge proves the old password: it ends with the sessions.
    await deleteChallengesOf(trx, user.id);
    // A reset link sent before the change would undo it: links issued for the old password end here.
    await supersedeEmailTokens(trx, user.id, 'reset_password', now);
    await mailer.enqueue(trx, user.email, {kind: 'password-changed', name: user.name, portalUrl: config.portalUrl});
    return startSession(trx, config, user.id, client);
  });
  mailer.wake();
  return token;
}

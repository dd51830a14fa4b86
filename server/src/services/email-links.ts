// Single-use email links: verification (60 min) and password reset (15 min).
// A new link supersedes the previous one; using a link is a conditional UPDATE so it works once
// even when two requests race.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import type {EmailTokenPurpose} from '../db/schema.js';
import {ApiError} from '../errors.js';
import type {MailSender} from './ports/mail-sender.js';
import {
  consumeEmailToken,
  findEmailToken,
  lockUserForTokens,
  replaceEmailToken,
} from '../repositories/email-tokens-repository.js';
import {recordLinkMail} from '../repositories/link-mail-sends-repository.js';
import {findUser, updateUser, type UserWithTeam} from '../repositories/users-repository.js';
import {hashToken, isWellFormedToken, newToken} from '../lib/tokens.js';
import {HOUR_MS, DAY_MS} from '../lib/durations.js';

/** What the email services use of the app: its database and its mailer. */
export type MailingApp = {db: Db; mailer: MailSender};

export type LinkConfig = Pick<
  Config,
  | 'now'
  | 'portalUrl'
  | 'verifyTokenTtlMs'
  | 'resetTokenTtlMs'
  | 'linkEmailsPerAddressPerHour'
  | 'linkEmailsPerAddressPerDay'
>;

/**
 * Counts a link email to the address in the caller's transaction if the caps allow one more
 * (LINK_EMAILS_PER_ADDRESS_PER_HOUR and _PER_DAY, each purpose on its own); false means send nothing.
 * The count lives in the database, next to the token and the outbox row it guards, so it holds across
 * processes with or without Redis and a counted email is one that is queued. Over a cap, the newest
 * link sent stays the one that works.
 */
export async function withinLinkMailCaps(
  trx: Db,
  config: LinkConfig,
  email: string,
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  const now = config.now();
  return recordLinkMail(
    trx,
    {email, purpose, now},
    {
      hourStart: new Date(now.getTime() - HOUR_MS),
      perHour: config.linkEmailsPerAddressPerHour,
      dayStart: new Date(now.getTime() - DAY_MS),
      perDay: config.linkEmailsPerAddressPerDay,
    },
  );
}

/** Stores a fresh token for the user in the caller's transaction and returns the link to email. */
export async function createLink(
  trx: Db,
  config: LinkConfig,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = newToken();
  const now = config.now();
  const ttl = purpose === 'verify_email' ? config.verifyTokenTtlMs : config.resetTokenTtlMs;
  await lockUserForTokens(trx, userId);
  await replaceEmailToken(trx, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    now,
    expiresAt: new Date(now.getTime() + ttl),
  });
  const page = purpose === 'verify_email' ? 'verify' : 'reset-password';
  return `${config.portalUrl}/${page}?token=${token}`;
}

/**
 * Finds a usable token or throws the code that explains why it is not usable:
 * malformed -> `malformedCode`, unknown or superseded -> INVALID_OR_EXPIRED, used -> ALREADY_USED,
 * expired -> EXPIRED.
 */
export async function findUsableToken(
  db: Db,
  now: Date,
  purpose: EmailTokenPurpose,
  token: string,
  malformedCode: 'INVALID_TOKEN' | 'INVALID_OR_EXPIRED',
): Promise<{id: string; userId: string}> {
  if (!isWellFormedToken(token)) throw new ApiError(malformedCode);
  const row = await findEmailToken(db, purpose, hashToken(token));
  if (!row) throw new ApiError('INVALID_OR_EXPIRED');
  if (row.used_at) throw new ApiError('ALREADY_USED');
  if (row.superseded_at) throw new ApiError('INVALID_OR_EXPIRED');
  if (row.expires_at.getTime() <= now.getTime()) throw new ApiError('EXPIRED');
  return {id: row.id, userId: row.user_id};
}

/** Uses the token; a concurrent request that used it first makes this one ALREADY_USED. */
export async function consumeToken(db: Db, id: string, now: Date): Promise<void> {
  if (!(await consumeEmailToken(db, id, now))) throw new ApiError('ALREADY_USED');
}

/**
 * Writes a verification token and its email to the outbox, both in the caller's transaction; nothing when the
 * address has had its share of verification emails (sign-up's and resends alike).
 */
export async function queueVerificationEmail(
  trx: Db,
  mailer: MailSender,
  config: LinkConfig,
  user: {id: string; email: string; name: string | null},
): Promise<void> {
  if (!(await withinLinkMailCaps(trx, config, user.email, 'verify_email'))) return;
  const link = await createLink(trx, config, user.id, 'verify_email');
  await mailer.enqueue(trx, user.email, {kind: 'verify-email', link, name: user.name});
}

/** Confirms the address of the token's user, using the token; answers that user. */
export async function verifyEmail(
  db: Db,
  config: Pick<Config, 'now'>,
  token: string,
): Promise<UserWithTeam | undefined> {
  const now = config.now();
  try {
    const usable = await findUsableToken(db, now, 'verify_email', token, 'INVALID_TOKEN');
    return await db.transaction().execute(async (trx) => {
      await consumeToken(trx, usable.id, now);
      await updateUser(trx, usable.userId, {emailVerified: true}, now);
      return findUser(trx, {id: usable.userId});
    });
  } catch (error) {
    // A link we sent (used, replaced or expired) whose address is verified by now: say so, not 'failed'.
    if (error instanceof ApiError && error.code !== 'INVALID_TOKEN' && (await sentToVerifiedAddress(db, token))) {
      throw new ApiError('ALREADY_VERIFIED');
    }
    throw error;
  }
}

async function sentToVerifiedAddress(db: Db, token: string): Promise<boolean> {
  const row = await findEmailToken(db, 'verify_email', hashToken(token));
  return row !== undefined && (await findUser(db, {id: row.user_id}))?.emailVerified === true;
}

/**
 * Sends a new verification link when the address has an unverified account; nothing otherwise.
 * Like forgot-password, the route runs this after its answer, so timing reveals nothing.
 */
export async function resendVerification(app: MailingApp, config: LinkConfig, email: string): Promise<void> {
  const user = await findUser(app.db, {email});
  if (!user || user.emailVerified) return;
  await app.db.transaction().execute((trx) => queueVerificationEmail(trx, app.mailer, config, user));
  app.mailer.wake();
}

// A notice by email when an account signs in from a browser it was not used from before, so the owner hears of a stolen password in use. The first
// browser of an account (its first sign-in, or the first since this was deployed) is remembered silently.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {browserFamily, describeUserAgent} from '../lib/user-agent.js';
import {hashToken} from '../lib/tokens.js';
import type {MailSender} from './ports/mail-sender.js';
import {rememberBrowser} from '../repositories/known-browsers-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import type {SessionClient} from './sessions.js';

export async function noticeNewBrowser(
  db: Db,
  mailer: MailSender,
  config: Pick<Config, 'now' | 'portalUrl'>,
  user: Pick<UserWithTeam, 'id' | 'email' | 'name'>,
  client: SessionClient,
): Promise<void> {
  const now = config.now();
  const {isNew, hadOthers} = await rememberBrowser(db, user.id, hashToken(browserFamily(client.userAgent)), now);
  if (!isNew || !hadOthers) return;
  const {browser, os} = describeUserAgent(client.userAgent);
  await mailer.enqueue(db, user.email, {
    kind: 'new-sign-in',
    name: user.name,
    browser: browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'an unknown browser'),
    ipAddress: client.ipAddress,
    at: now.toISOString().slice(0, 16).replace('T', ' '),
    portalUrl: config.portalUrl,
  });
  mailer.wake();
}

// Accounts through the real routes over HTTP: sign up, verify with the link the API wrote to
// $DATA_DIR/mail (development mode), sign in.
import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type {HttpTally} from './http.js';

export const PASSWORD = 'Correct-Horse-42';
export const TURNSTILE = 'XXXX.DUMMY.TOKEN.XXXX';
// The mail queue runs behind the answers; on a loaded 2-core machine 200 mails can take a while.
const MAIL_DEADLINE_MS = 240_000;

export function signUp(http: HttpTally, email: string, teamName?: string) {
  return http.send('POST', '/api/auth/register', {
    body: {email, password: PASSWORD, turnstileToken: TURNSTILE, ...(teamName && {teamName})},
  });
}

export async function signIn(http: HttpTally, email: string): Promise<string> {
  const res = await http.send<{token: string}>('POST', '/api/auth/login', {
    body: {email, password: PASSWORD, turnstileToken: TURNSTILE},
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/**
 * The verification token mailed to each address. The API writes the mail after answering the
 * sign-up, so this waits (up to a deadline) until every address has one.
 */
export async function verificationTokens(
  dataDir: string,
  emails: readonly string[],
  /** The API's error log lines: a mail that failed will never arrive, so stop waiting. */
  serverErrors: () => string[],
): Promise<Map<string, string>> {
  const dir = path.join(dataDir, 'mail');
  const wanted = new Set(emails);
  const tokens = new Map<string, string>();
  const read = new Set<string>();
  const deadline = Date.now() + MAIL_DEADLINE_MS;
  while (tokens.size < wanted.size) {
    let files: string[] = [];
    try {
      files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml') && !read.has(f));
    } catch {
      // No mail written yet.
    }
    for (const file of files) {
      const mail = await PostalMime.parse(await fs.readFile(path.join(dir, file)));
      const to = mail.to?.map((a) => ('address' in a ? a.address : '')).join(',') ?? '';
      const token = /\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      // A message without its link is read again next time rather than given up on.
      if (!token) continue;
      read.add(file);
      if (wanted.has(to)) tokens.set(to, token);
    }
    if (tokens.size === wanted.size) break;
    if (serverErrors().length > 0)
      throw new Error(`the API logged errors while mailing:\n${serverErrors().slice(0, 5).join('\n')}`);
    if (Date.now() > deadline) {
      const missing = emails.filter((e) => !tokens.has(e));
      throw new Error(
        `no verification mail after ${MAIL_DEADLINE_MS / 1000} s for ${missing.length} address(es): ${missing.slice(0, 5).join(', ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return tokens;
}

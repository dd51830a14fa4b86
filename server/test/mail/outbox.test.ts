// The mail outbox: an email is kept in the database until the mail server takes it, retried with
// backoff, given up after a bounded number of attempts; and the two "same answer whatever the
// address" routes answer before any lookup, token or mail work starts.
import net from 'node:net';
import {once} from 'node:events';
import {sql} from 'kysely';
import {describe, expect, it} from 'vitest';
import {simpleParser} from '../helpers/parse-mail.js';
import {smtpSink} from '../helpers/smtp-sink.js';
import {build} from '../helpers/app.js';
import {post, register} from '../helpers/accounts.js';

/** A port nothing listens on (bound, then released): connections to it are refused. */
async function refusedPort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const {port} = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function until(condition: () => Promise<boolean>, what: string, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('mail outbox', () => {
  it('keeps an email while the mail server refuses connections and sends it once when it is back', async () => {
    const port = await refusedPort();
    const {app, logs} = await build({
      env: {SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '50', MAIL_POLL_INTERVAL_MS: '50'},
    });
    await register(app, 'kept@example.com', {name: 'Ada'});
    await app.mailer.flush();
    // Attempted and refused: logged, and still waiting in the outbox.
    expect(logs.entries().some((e) => e.msg === 'email not sent yet; will retry')).toBe(true);
    // Queued, its link (a single-use token) and its recipient only in sealed form.
    const {rows: queued} = await sql<{kind: string; payload: string}>`SELECT kind, payload FROM mail_outbox`.execute(
      app.db,
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]!.kind).toBe('verify-email');
    expect(queued[0]!.payload).toMatch(/^v1\./);
    expect(queued[0]!.payload).not.toMatch(/kept|verify|token/);

    const {received} = await smtpSink(port);
    await until(async () => received.length > 0, 'the kept email to arrive');
    await app.mailer.flush();
    // Another round of polling must not send it again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await app.mailer.flush();
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!);
    expect(mail.to).toBe('kept@example.com');
    expect(mail.text).toMatch(/Hi Ada,/);
    expect(mail.text).toMatch(/\/verify\?token=[A-Za-z0-9_-]{43}/);
  });

  it('gives up after MAIL_MAX_ATTEMPTS, logging an error, and keeps nothing that could be sent', async () => {
    const port = await refusedPort();
    const {app, logs} = await build({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_RETRY_BASE_MS: '10',
        MAIL_POLL_INTERVAL_MS: '20',
        MAIL_MAX_ATTEMPTS: '3',
      },
    });
    await register(app, 'lost@example.com');
    await until(
      async () => logs.entries().some((e) => e.msg === 'email given up after repeated failures'),
      'the outbox to give up',
    );
    const given = logs.entries().find((e) => e.msg === 'email given up after repeated failures')!;
    expect(given.level).toBe(50);
    expect(given.mail).toMatchObject({kind: 'verify-email', attempts: 3});
    const {rows} = await sql<{
      payload: string | null;
      failed_at: Date | null;
    }>`SELECT payload, failed_at FROM mail_outbox`.execute(app.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toBeNull();
    expect(rows[0]!.failed_at).not.toBeNull();
  });
});

describe('forgot-password and resend-verification answer before any work', () => {
  // The users table is locked by another transaction: any lookup of the address waits for it. The
  // answer must arrive anyway (the same for every address), and the work runs once the lock goes.
  for (const route of ['/api/auth/forgot-password', '/api/auth/resend-verification'] as const) {
    it(`${route} answers while the lookup is held back, then sends the mail`, async () => {
      const {app, mail} = await build();
      await register(app, 'held@example.com');
      const page = route === '/api/auth/forgot-password' ? 'reset-password' : 'verify';
      const links = async () => (await mail.to('held@example.com')).filter((m) => m.text.includes(`/${page}?token=`));
      const before = (await links()).length;

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = app.db.transaction().execute(async (trx) => {
        await sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`.execute(trx);
        locked();
        await released;
      });
      try {
        await isLocked;
        const answer = await Promise.race([
          post(app, route, {email: 'held@example.com'}),
          new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000)),
        ]);
        expect(answer === 'no answer' ? answer : answer.statusCode).toBe(200);
      } finally {
        release();
        await holder;
      }
      await until(async () => (await links()).length === before + 1, 'the mail sent after the answer');
    });
  }
});

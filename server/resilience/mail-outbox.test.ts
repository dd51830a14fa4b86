// Mail outbox: 50 sign-ups and 50 password resets while the mail server refuses connections; then
// it comes back and every email (a verification and a reset link for each address) arrives exactly
// once. The same with the API killed (SIGKILL) while the emails are queued, then restarted on the
// same data (on PGlite, only this case). Afterwards the outbox holds no payload: every row was sent and its
// links dropped. On PGlite and, with RESILIENCE_DATABASE_URL, PostgreSQL.
import {describe, expect, it, onTestFinished} from 'vitest';
import {signUp} from './support/accounts.js';
import {ensureStopped, startApi, type ApiProcess} from './support/api-process.js';
import {createTarget, targetNames, type Target} from './support/databases.js';
import {HttpTally} from './support/http.js';
import {refusingSmtpSink, type SmtpSink} from './support/smtp-sink.js';

const ACCOUNTS = 50;
const CONCURRENCY = 10;
const DEADLINE_MS = 60_000;

async function until(condition: () => boolean, what: () => string): Promise<void> {
  const end = Date.now() + DEADLINE_MS;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`Timed out after ${DEADLINE_MS / 1000} s waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The outbox rows the API tried to send and was refused. */
function refusedIds(api: ApiProcess): Set<string> {
  const ids = new Set<string>();
  for (const line of api.output().split('\n')) {
    if (!line.includes('email not sent yet')) continue;
    ids.add((JSON.parse(line) as {mail: {id: string}}).mail.id);
  }
  return ids;
}

function start(target: Target, sink: SmtpSink): Promise<ApiProcess> {
  return startApi({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SECRET_KEY: 'mail-outbox-resilience-secret-key-0123456789',
      MAIL_POLL_INTERVAL_MS: '100',
      MAIL_RETRY_BASE_MS: '200',
      MAIL_RETRY_MAX_SECONDS: '1',
      MAIL_MAX_ATTEMPTS: '100',
      // A process killed mid-attempt holds its claims this long.
      MAIL_LEASE_SECONDS: '2',
    },
  });
}

/** 50 sign-ups, then a reset asked for each address, 10 at a time; every answer as the spec says. */
async function signUpsAndResets(http: HttpTally, emails: string[]): Promise<void> {
  for (let i = 0; i < emails.length; i += CONCURRENCY) {
    const answers = await Promise.all(emails.slice(i, i + CONCURRENCY).map((email) => signUp(http, email)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  }
  for (let i = 0; i < emails.length; i += CONCURRENCY) {
    const answers = await Promise.all(
      emails.slice(i, i + CONCURRENCY).map((email) => http.send('POST', '/api/auth/forgot-password', {body: {email}})),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  }
}

/** Waits for two emails per address, then checks each arrived exactly once, after a few more polls. */
async function expectEachMailOnce(sink: SmtpSink, emails: string[], api: ApiProcess): Promise<void> {
  await until(
    () => sink.received.length >= emails.length * 2,
    () =>
      `${emails.length * 2} emails (${sink.received.length} arrived); the API's last mail lines:\n` +
      api
        .output()
        .split('\n')
        .filter((l) => l.includes('"mail"'))
        .slice(-5)
        .join('\n'),
  );
  // Ten more polls of the worker: nothing may arrive twice.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const count = new Map<string, number>();
  for (const mail of sink.received) {
    const link = /\/(verify|reset-password)\?token=/.exec(mail.text)?.[1] ?? 'no link';
    const key = `${mail.to} ${link}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  const expected = new Map(emails.flatMap((e) => [[`${e} verify`, 1] as const, [`${e} reset-password`, 1] as const]));
  expect(Object.fromEntries(count)).toEqual(Object.fromEntries(expected));
}

/** After a clean stop: every row sent, none holding a payload. */
async function expectOutboxDrained(target: Target): Promise<void> {
  const rows = await target.inspect((query) =>
    query<{sent: number; pending: number; payloads: number}>(
      `SELECT count(sent_at)::int AS sent, count(*) FILTER (WHERE sent_at IS NULL)::int AS pending,
              count(payload)::int AS payloads FROM mail_outbox`,
    ),
  );
  return expect(rows[0]).toEqual({sent: ACCOUNTS * 2, pending: 0, payloads: 0});
}

describe('mail outbox', () => {
  for (const name of targetNames('mail-outbox.test.ts')) {
    // On PGlite the SIGKILL case alone: it does all the plain case does (queued behind a refusing server, then each
    // email once) and a kill and restart besides, and each PGlite start of the API cost 50-65 s of CI's busiest line
    // (2026-11-27). PostgreSQL, cheap to start, runs both.
    for (const killed of name === 'PGlite' ? [true] : [false, true]) {
      const title = killed
        ? `${name}: SIGKILL while 100 emails are queued behind a refusing mail server; restarted, each arrives exactly once`
        : `${name}: 50 sign-ups and 50 resets while the mail server refuses; when it is back each email arrives exactly once`;
      it(title, async () => {
        const began = Date.now();
        const target = await createTarget(name);
        const sink = await refusingSmtpSink();
        let api: ApiProcess | undefined;
        onTestFinished(async () => {
          await ensureStopped(api);
          await sink.stop();
          await target.release();
        });
        const emails = Array.from({length: ACCOUNTS}, (_, i) => `outbox-${killed ? 'k' : 'r'}-${i}@example.com`);

        const phases: string[] = [];
        let phaseBegan = began;
        const phase = (name: string) => {
          phases.push(`${name} ${((Date.now() - phaseBegan) / 1000).toFixed(1)} s`);
          phaseBegan = Date.now();
        };
        api = await start(target, sink);
        phase('start');
        await signUpsAndResets(new HttpTally(api.url), emails);
        phase('sign-ups and resets');
        // Every email is queued and the worker has tried each and been refused: queued, not lost. (A reset asked
        // for is queued just after its answer, so the kill waits for that too.)
        await until(
          () => refusedIds(api!).size >= emails.length * 2,
          () => `a refused attempt at each of ${emails.length * 2} emails (${refusedIds(api!).size} so far)`,
        );
        expect(sink.received).toHaveLength(0);
        phase('refused attempts');

        if (killed) {
          await api.signal('SIGKILL');
          await target.settled();
          await sink.start();
          api = await start(target, sink);
        } else {
          await sink.start();
        }
        phase(killed ? 'kill and restart' : 'mail server back');
        await expectEachMailOnce(sink, emails, api);
        phase('delivery');
        expect(api.errorLines()).toEqual([]);
        expect(await api.signal('SIGTERM')).toEqual({code: 0, signal: null});
        await expectOutboxDrained(target);
        phase('stop and SQL check');
        console.log(
          `[resilience] mail-outbox ${name}${killed ? ' (SIGKILL)' : ''}: ${sink.received.length} emails, each once, in ${((Date.now() - began) / 1000).toFixed(1)} s (${phases.join(', ')})`,
        );
      });
    }
  }
});

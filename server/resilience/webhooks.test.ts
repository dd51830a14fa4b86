// Webhooks across two API processes on one PostgreSQL, as the README's deployment runs them: 200 submissions
// through both, each event delivered to a receiver on this machine, none twice; then a process killed (SIGKILL) while
// its deliveries are in flight: the other delivers them once their claims lapse (WEBHOOK_LEASE_SECONDS).
// PostgreSQL only: PGlite admits one process.
import crypto from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {exampleAnswers} from '@intakekit/contract/answers';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import {signIn, signUp} from './support/accounts.js';
import {postgresUrl, type Target} from './support/databases.js';
import type {HttpTally} from './support/http.js';
import {logTwoApis, startTwoApis, type TwoApis} from './support/two-apis.js';

const SUBMISSIONS = 200;
const CONCURRENCY = 10;
/** Submissions made while the receiver holds every delivery unanswered, before the process is killed. */
const HELD = 6;
/** A killed process's claims lapse after this; short, so the other process takes them over within the test. */
const LEASE_SECONDS = 3;
const ANSWERS = exampleAnswers(findFlow('new-patient')!);

if (!postgresUrl) console.log('[resilience] webhooks.test.ts: skipped, needs PostgreSQL (set RESILIENCE_DATABASE_URL)');

/** What the receiver saw: each request's webhook-id, and whether it was answered 200 or its sender went away. */
interface Receipt {
  id: string;
  outcome: 'answered' | 'held' | 'dropped';
}

/** A clinic's receiver on 127.0.0.1: answers 200 at once, or holds requests unanswered while `hold` is set. */
async function startReceiver() {
  const receipts: Receipt[] = [];
  const held: Array<{receipt: Receipt; res: http.ServerResponse}> = [];
  let hold = false;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const receipt: Receipt = {id: String(req.headers['webhook-id']), outcome: 'answered'};
      receipts.push(receipt);
      if (!hold) return void res.end('ok');
      receipt.outcome = 'held';
      held.push({receipt, res});
      // The sender went away (killed) before an answer: the delivery did not happen.
      res.on('close', () => {
        if (receipt.outcome === 'held') receipt.outcome = 'dropped';
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    receipts,
    held: () => held.filter((h) => h.receipt.outcome === 'held').length,
    setHold(on: boolean) {
      hold = on;
      if (on) return;
      for (const h of held.splice(0)) {
        if (h.receipt.outcome !== 'held') continue;
        h.receipt.outcome = 'answered';
        h.res.end('ok');
      }
    },
    /** Ids answered 200, each as often as it was. */
    answered: () => receipts.filter((r) => r.outcome === 'answered').map((r) => r.id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: () => string, condition: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const counts = (ids: string[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>());

describe.skipIf(!postgresUrl)('webhooks from two API processes on one PostgreSQL', () => {
  let target: Target | undefined;
  let httpA: HttpTally;
  let httpB: HttpTally;
  let apis: TwoApis | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let apiKey: string;
  const started = Date.now();

  beforeAll(async () => {
    receiver = await startReceiver();
    const env = {
      // Both processes open the same sealed answers and secrets.
      SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      SDK_RATE_LIMIT: '100000',
      SDK_KEY_RATE_LIMIT: '100000',
      LOGIN_REQUIRES_VERIFIED_EMAIL: 'false',
      // The receiver is on this machine.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '200',
      WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    // B looks for due deliveries only every 3 s (its own submissions still wake it): the deliveries of A's
    // submissions are A's to send, so some are in flight in A when it is killed.
    apis = await startTwoApis(env, {...env, WEBHOOK_POLL_INTERVAL_MS: '3000'});
    ({target, httpA, httpB} = apis);

    expect((await signUp(httpA, 'clinic@example.com')).status).toBe(201);
    await target.inspect((query) => query("UPDATE users SET email_verified = true WHERE email = 'clinic@example.com'"));
    const token = await signIn(httpA, 'clinic@example.com');
    apiKey = (await httpA.send<{apiKey: string}>('POST', '/api/keys/sandbox', {token})).body.apiKey;
    const endpoint = await httpB.send('POST', '/api/webhooks', {
      token,
      body: {environment: 'sandbox', url: receiver.url, eventTypes: ['submission.created'], payloadStyle: 'thin'},
    });
    expect(endpoint.status).toBe(201);
  }, 200_000);

  afterAll(async () => {
    await apis?.stop();
    await receiver?.close();
    logTwoApis('webhooks', httpA, httpB, started, `${receiver?.receipts.length} deliveries received`);
  });

  /** A patient's submission through `api`: the widget's two calls. */
  async function submit(api: HttpTally): Promise<string> {
    const session = await api.send<{sessionToken: string}>('POST', '/api/sdk/sessions', {
      token: apiKey,
      body: {flowId: 'new-patient', env: 'sandbox'},
    });
    expect(session.status).toBe(200);
    const sent = await api.send<{submissionId: string}>('POST', '/api/sdk/submissions', {
      token: apiKey,
      body: {sessionToken: session.body.sessionToken, answers: ANSWERS},
    });
    expect(sent.status).toBe(201);
    return sent.body.submissionId;
  }

  /** The webhook-id of each submission's event, from the database. */
  async function eventIds(submissionIds: string[]): Promise<string[]> {
    const rows = await target!.inspect((query) =>
      query<{id: string}>('SELECT id FROM webhook_events WHERE submission_id = ANY($1::uuid[])', [submissionIds]),
    );
    return rows.map((r) => r.id);
  }

  it('delivers each of 200 submissions made through both processes once', async () => {
    const submissions: string[] = [];
    for (let i = 0; i < SUBMISSIONS; i += CONCURRENCY) {
      const batch = Array.from({length: Math.min(CONCURRENCY, SUBMISSIONS - i)}, (_, j) =>
        submit((i + j) % 2 === 0 ? httpA : httpB),
      );
      submissions.push(...(await Promise.all(batch)));
    }
    await until(
      () => `${SUBMISSIONS} deliveries (${new Set(receiver.answered()).size} arrived)`,
      () => new Set(receiver.answered()).size >= SUBMISSIONS,
    );
    // Five more polls of both workers: nothing may arrive twice.
    const settled = receiver.receipts.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.receipts.length).toBe(settled);
    const twice = [...counts(receiver.answered())].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    expect(receiver.answered().length).toBe(SUBMISSIONS);
    expect(apis!.a.errorLines()).toEqual([]);
    expect(apis!.b.errorLines()).toEqual([]);
    expect(submissions).toHaveLength(SUBMISSIONS);
  }, 240_000);

  it('a process killed mid-delivery: the other delivers its events once their claims lapse', async () => {
    const before = receiver.receipts.length;
    receiver.setHold(true);
    // Through A: a submit wakes the worker of the process that wrote the event, so A sends these.
    const submissions = await Promise.all(Array.from({length: HELD}, () => submit(httpA)));
    await until(
      () => 'a delivery held',
      () => receiver.held() > 0,
    );
    const killedAt = Date.now();
    expect((await apis!.a.signal('SIGKILL')).signal).toBe('SIGKILL');
    await until(
      () => 'the killed process to drop its connections',
      () => receiver.receipts.slice(before).some((r) => r.outcome === 'dropped'),
    );
    const dropped = receiver.receipts
      .slice(before)
      .filter((r) => r.outcome === 'dropped')
      .map((r) => r.id);
    receiver.setHold(false);
    const ids = await eventIds(submissions);
    expect(ids).toHaveLength(HELD);
    await until(
      () => `each of the ${HELD} events answered (${ids.filter((id) => receiver.answered().includes(id)).length})`,
      () => ids.every((id) => receiver.answered().includes(id)),
    );
    const takenOverMs = Date.now() - killedAt;
    // Each event was answered once: those in flight in A by B after the lease, none a second time.
    const answered = counts(receiver.answered());
    expect(ids.map((id) => answered.get(id))).toEqual(ids.map(() => 1));
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((id) => ids.includes(id))).toBe(true);
    expect(takenOverMs).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 500);
    expect(apis!.b.errorLines()).toEqual([]);
    console.log(
      `[resilience] webhooks SIGKILL: ${dropped.length} of ${HELD} deliveries in flight in the killed process, ` +
        `all delivered by the other process ${(takenOverMs / 1000).toFixed(1)} s after it`,
    );
  }, 120_000);
});

// The webhook receivers of the guide's "Receive submissions" page (docs/receive-submissions.mdx), run as a reader
// runs them: each snippet, taken from the page as it shows it, listens on loopback with its endpoint's signing
// secret, and a real API delivers to it. What they print is what they processed: each event once, after verifying
// it; a forged, stale or repeated delivery is refused or skipped. Every body sent matches the OpenAPI document's
// `webhooks` section.
import {spawn} from 'node:child_process';
import crypto from 'node:crypto';
import {readFileSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Ajv} from 'ajv';
import {Webhook} from 'standardwebhooks';
import {describe, expect, it, onTestFinished} from 'vitest';
import {snippet} from '../../../scripts/lib/code-blocks.mjs';
import {build, type TestContext} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {startSdkSession, submitSdkAnswers} from '../helpers/sdk-session.js';
import {closedPort} from '../helpers/ports.js';
import {clinic, PRIVATE_ANSWERS, PRIVATE_NOTE, type Clinic} from '../submissions/submissions-helpers.js';
import {until} from '../webhooks/until.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = readFileSync(path.join(ROOT, 'docs/receive-submissions.mdx'), 'utf8');

let ctx: TestContext;
let acme: Clinic;
/** The document's webhooks section: each event type's body schema. */
let bodySchemas: Map<string, object>;

/** An API delivering at once (its worker polling every 10 ms) to loopback, and a clinic's owner. (The test helpers
 * build one API per test.) */
async function api() {
  ctx = await build({env: {WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_INTERVAL_MS: '10'}});
  // The worker signs at the wall clock's time: a rolled secret's 24 hours run on the same clock.
  ctx.clock.advance(Date.now() - ctx.clock.now().getTime());
  acme = await clinic(ctx, 'owner@example.com', 'Acme');
  const document = (await ctx.app.inject({method: 'GET', url: '/api/openapi.json'})).json();
  expect(document.openapi).toBe('3.1.0');
  const webhooks = document.webhooks as Record<
    string,
    {post: {requestBody: {content: Record<string, {schema: object}>}}}
  >;
  bodySchemas = new Map(
    Object.entries(webhooks).map(([type, item]) => [type, item.post.requestBody.content['application/json']!.schema]),
  );
}

const ajv = new Ajv({strict: false, formats: {uuid: true, 'date-time': true}});

interface Receiver {
  url: string;
  /** What the receiver printed, a line each. */
  lines: string[];
}

/**
 * The page's snippet `title`, started with `command` as its comment says, listening with the endpoint's secret. The
 * file sits beside a link to the repository's node_modules, where a reader's `npm install standardwebhooks` puts it.
 */
async function startReceiver(title: string, command: string, port: number, secret: string): Promise<Receiver> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-receiver-'));
  onTestFinished(() => fs.rm(dir, {recursive: true, force: true}));
  await fs.writeFile(path.join(dir, title), snippet(PAGE, title));
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const child = spawn(command, [path.join(dir, title)], {
    env: {PATH: process.env.PATH, INTAKEKIT_WEBHOOK_SECRET: secret, PORT: String(port), PYTHONUNBUFFERED: '1'},
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  onTestFinished(() => void child.kill());
  const lines: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString('utf8');
    const complete = text.split('\n');
    partial = complete.pop()!;
    lines.push(...complete);
  });
  await until(() => lines.length > 0);
  expect(lines).toEqual([`Listening on port ${port}`]);
  return {url: `http://127.0.0.1:${port}/`, lines};
}

async function addEndpoint(port: number, eventTypes: string[], payloadStyle: 'full' | 'thin') {
  const body = {environment: 'sandbox', url: `http://127.0.0.1:${port}/`, eventTypes, payloadStyle};
  const created = await authed(ctx.app, acme.session, 'POST', '/api/webhooks', body);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().endpoint.id as string;
  const {secret} = (await authed(ctx.app, acme.session, 'POST', `/api/webhooks/${id}/secret`)).json();
  return {id, secret: secret as string};
}

async function submit(): Promise<string> {
  const session = (await startSdkSession(ctx.app, acme.apiKey)).json();
  const res = await submitSdkAnswers(ctx.app, acme.apiKey, {
    sessionToken: session.sessionToken,
    answers: PRIVATE_ANSWERS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().submissionId as string;
}

interface LoggedDelivery {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  requestBody: string;
  attempts: {responseStatus: number | null; requestHeaders: Record<string, string>}[];
}

/** The endpoint's delivery log once `count` events are delivered (each attempt answered), newest first. */
async function delivered(endpointId: string, count: number, attempts = count): Promise<LoggedDelivery[]> {
  let log: LoggedDelivery[] = [];
  await until(async () => {
    const res = await authed(ctx.app, acme.session, 'GET', `/api/webhooks/${endpointId}/deliveries`);
    log = res.json().deliveries as LoggedDelivery[];
    const tried = log.reduce((n, d) => n + d.attempts.length, 0);
    return log.filter((d) => d.status === 'delivered').length === count && tried === attempts;
  });
  return log;
}

// The test clock stands still: the log's order of two events made in one test is not theirs.
const of = (log: LoggedDelivery[], type: string) => log.find((d) => d.eventType === type);

/** The body matches the document's schema for its event type. */
function documented(body: string): boolean {
  const event: unknown = JSON.parse(body);
  const type = (event as {type: string}).type;
  const validate = ajv.compile(bodySchemas.get(type)!);
  if (!validate(event)) throw new Error(`${type}: ${ajv.errorsText(validate.errors)}`);
  return true;
}

/** The receiver's lines once it printed `count` events (it answers before it processes: the log can be ahead). */
async function printed(receiver: Receiver, count: number): Promise<string[]> {
  await until(() => receiver.lines.length >= count + 1);
  return receiver.lines.slice(1);
}

async function resend(endpointId: string, delivery: LoggedDelivery) {
  const url = `/api/webhooks/${endpointId}/deliveries/${delivery.id}/resend`;
  expect((await authed(ctx.app, acme.session, 'POST', url)).statusCode).toBe(200);
}

/** Posts to the receiver as a forger would: a body signed with another secret, or signed long ago. */
async function forged(receiver: Receiver, secret: string, signedAt: Date): Promise<number> {
  const id = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({type: 'submission.created', timestamp: signedAt, data: {submissionId: id}});
  const res = await fetch(receiver.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, signedAt, body),
    },
    body,
  });
  return res.status;
}

const otherSecret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;
const TEN_MINUTES_AGO = () => new Date(Date.now() - 10 * 60_000);

describe("the guide's webhook receivers, against real deliveries from the API", () => {
  it('Node (standardwebhooks): verifies each event, answers 204, processes a resent one once, refuses forgeries', async () => {
    await api();
    const port = await closedPort();
    const endpoint = await addEndpoint(port, ['submission.created', 'submission.deleted'], 'full');
    const receiver = await startReceiver('webhook-receiver.mjs', process.execPath, port, endpoint.secret);

    const submissionId = await submit();
    const created = of(await delivered(endpoint.id, 1), 'submission.created');
    expect(created).toMatchObject({eventType: 'submission.created', attempts: [{responseStatus: 204}]});
    expect(created!.requestBody).toContain(PRIVATE_NOTE); // the full payload
    expect(documented(created!.requestBody)).toBe(true);
    expect(await printed(receiver, 1)).toEqual([`submission.created ${created!.eventId} ${submissionId}`]);

    // Resent: received (204) and skipped, by its webhook-id.
    await resend(endpoint.id, created!);
    await delivered(endpoint.id, 1, 2);
    expect(await forged(receiver, otherSecret(), new Date())).toBe(400);
    expect(await forged(receiver, endpoint.secret, TEN_MINUTES_AGO())).toBe(400);

    expect((await authed(ctx.app, acme.session, 'DELETE', `/api/submissions/${submissionId}`)).statusCode).toBe(204);
    const deleted = of(await delivered(endpoint.id, 2, 3), 'submission.deleted');
    expect(documented(deleted!.requestBody)).toBe(true);
    expect(await printed(receiver, 2)).toEqual([
      `submission.created ${created!.eventId} ${submissionId}`,
      `submission.deleted ${deleted!.eventId} ${submissionId}`,
    ]);
  });

  it('Python (hmac, standard library only): verifies with the old secret while a rolled one signs beside it', async () => {
    await api();
    const port = await closedPort();
    const endpoint = await addEndpoint(port, ['submission.created'], 'thin');
    const receiver = await startReceiver('webhook_receiver.py', 'python3', port, endpoint.secret);

    // Rolled: the receiver still has the old secret, and verifies the old secret's signature beside the new one.
    const rolled = await authed(ctx.app, acme.session, 'POST', `/api/webhooks/${endpoint.id}/secret/roll`);
    const newSecret = rolled.json().secret as string;
    const tested = await authed(ctx.app, acme.session, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(tested.statusCode).toBe(202);
    const test = of(await delivered(endpoint.id, 1), 'webhook.test');
    expect(test!.attempts[0]!.requestHeaders['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(newSecret).verify(test!.requestBody, test!.attempts[0]!.requestHeaders)).toMatchObject({
      type: 'webhook.test',
      data: {endpointId: endpoint.id},
    });
    expect(documented(test!.requestBody)).toBe(true);

    const submissionId = await submit();
    const created = of(await delivered(endpoint.id, 2), 'submission.created');
    expect(created).toMatchObject({eventType: 'submission.created', attempts: [{responseStatus: 204}]});
    expect(created!.requestBody).not.toContain(PRIVATE_NOTE); // the thin payload
    expect(documented(created!.requestBody)).toBe(true);

    await resend(endpoint.id, created!);
    await delivered(endpoint.id, 2, 3);
    expect(await forged(receiver, otherSecret(), new Date())).toBe(400);
    expect(await forged(receiver, endpoint.secret, TEN_MINUTES_AGO())).toBe(400);
    expect(await printed(receiver, 2)).toEqual([
      `webhook.test ${test!.eventId} `,
      `submission.created ${created!.eventId} ${submissionId}`,
    ]);
  });
});

// Section 7: webhooks on PostgreSQL. One API process (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true) sends every
// submission.created event, full payload, to a receiver on 127.0.0.1 that answers 200 at once and notes when each
// delivery arrived. Two phases:
// - latency: submissions at a fixed rate (open loop: each sent on its schedule whatever the others are doing), each
//   timed from its submit being sent to its delivery's arrival;
// - throughput: the receiver holds its answers while submissions pile up (the worker's claimed batch stays in
//   flight, the rest wait as pending rows), then lets go: deliveries per second until every one has arrived, with
//   the claim cycle taken apart (arrivals per batch, the API's and its PostgreSQL backends' CPU, the attempts' rows).
import http from 'node:http';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {HOST, PORTS, WORK, figure, log, median, onCleanup, round, sleep} from './common.mjs';
import {api, apiEnv, login, startApi} from './stack.mjs';
import {
  ensurePostgresDatabase,
  resetPostgres,
  seedUsers,
  benchEmail,
  sessionTokenSigner,
  exampleAnswersOf,
  withDb,
} from './seed.mjs';

const SECTION = 'webhooks';
const RATE = 50;
/** A hold must end before the worker's 15 s answer limit cuts the attempts it holds. */
const HOLD_LIMIT_MS = 12_000;
const PILE = 1000;
const PILE_CONCURRENCY = 20;
/**
 * Its own database beside api-load's (same server, `<name>_webhooks`): each section drops and re-creates its
 * schema, and the two may run at once (another engineer's api-load run beside this one).
 */
const DATABASE_URL = (() => {
  const url = new URL(
    process.env.BENCH_DATABASE_URL || 'postgres://intakekit:intakekit@127.0.0.1:5432/intakekit_bench',
  );
  url.pathname = `${url.pathname}_webhooks`;
  return url.toString();
})();

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;

/** The clinic's receiver: answers 200 at once (or holds its answers while `hold`), noting each arrival. */
async function startReceiver(port) {
  const arrivals = [];
  const held = [];
  const receiver = {arrivals, hold: false, maxHeld: 0};
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      if (receiver.hold) {
        held.push(res);
        receiver.maxHeld = Math.max(receiver.maxHeld, held.length);
      } else res.end('ok');
      // Read after answering: the answer is not kept waiting for the parse.
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      arrivals.push({
        at,
        webhookId: req.headers['webhook-id'],
        submissionId: body.data?.submissionId,
        signed: Boolean(req.headers['webhook-signature']),
      });
    });
  });
  await new Promise((resolve) => server.listen(port, HOST, resolve));
  receiver.url = `http://${HOST}:${port}/hooks`;
  receiver.release = () => {
    receiver.hold = false;
    for (const res of held.splice(0)) res.end('ok');
  };
  receiver.close = () =>
    new Promise((resolve) => {
      receiver.release();
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
  return receiver;
}

/** The widget's submit with a session of its own: the claims of one real session call, re-signed per submission. */
async function submitter(base, apiKey, secretKey) {
  const signer = await sessionTokenSigner(secretKey);
  const answers = await exampleAnswersOf('new-patient');
  const headers = {authorization: `Bearer ${apiKey}`, origin: 'https://clinic.example'};
  const r = await api(base, 'POST', '/api/sdk/sessions', {headers, body: {flowId: 'new-patient', env: 'sandbox'}});
  const claims = r.status === 200 ? signer.verify(r.json.sessionToken, new Date()) : null;
  if (!claims) throw new Error(`a session to submit with: ${r.status} ${JSON.stringify(r.json)}`);
  return async () => {
    const sessionToken = signer.sign({...claims, sessionId: crypto.randomUUID()});
    const sent = performance.now();
    const res = await api(base, 'POST', '/api/sdk/submissions', {headers, body: {sessionToken, answers}});
    return {sent, answered: performance.now(), status: res.status, submissionId: res.json?.submissionId};
  };
}

/** Until no delivery is pending (10 s at most). */
async function settled(pg) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const r = await pg.query("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'");
    if (r.rows[0].n === 0) return;
    await sleep(50);
  }
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** Open loop: submission i is sent at start + i / rate, whether or not the ones before it have been answered. */
async function latencyPhase(submit, receiver, seconds, pg) {
  const count = RATE * seconds;
  const pending = [];
  const start = performance.now();
  let lateMs = 0;
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    lateMs = Math.max(lateMs, performance.now() - due);
    pending.push(submit().catch((error) => ({error: String(error)})));
  }
  const sendSeconds = (performance.now() - start) / 1000;
  const submitted = await Promise.all(pending);
  const ok = submitted.filter((s) => s.status === 201 && s.submissionId);
  const ids = new Set(ok.map((s) => s.submissionId));
  await until(() => receiver.arrivals.filter((a) => ids.has(a.submissionId)).length >= ids.size, 60_000);
  const firstArrival = new Map();
  for (const a of receiver.arrivals) if (!firstArrival.has(a.submissionId)) firstArrival.set(a.submissionId, a.at);
  // An undelivered submission counts as slower than any delivered one.
  const times = ok.map((s) =>
    firstArrival.has(s.submissionId) ? firstArrival.get(s.submissionId) - s.sent : Infinity,
  );
  times.sort((a, b) => a - b);
  const answers = ok.map((s) => s.answered - s.sent).sort((a, b) => a - b);
  await settled(pg);
  // Where a delivery's time went, from the rows: the event's commit to its first attempt's start (waiting for a
  // claim, then loading and signing), and that attempt's send as the worker timed it.
  const rows = await pg.query(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY wait_ms) AS wait_median,
            percentile_cont(0.99) WITHIN GROUP (ORDER BY wait_ms) AS wait_p99,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS send_median
       FROM (SELECT DISTINCT ON (d.id) extract(epoch FROM a.at - e.created_at) * 1000 AS wait_ms, a.latency_ms
               FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id
               JOIN webhook_attempts a ON a.delivery_id = d.id
              WHERE e.submission_id = ANY($1::uuid[]) ORDER BY d.id, a.at) first_attempts`,
    [[...ids]],
  );
  const breakdown = rows.rows[0];
  return {
    count,
    accepted: ok.length,
    refused: submitted.length - ok.length,
    delivered: times.filter(Number.isFinite).length,
    median: round(median(times), 1),
    p99: round(percentile(times, 99), 1),
    max: round(times.at(-1), 1),
    answerMedian: round(median(answers), 1),
    answerP99: round(percentile(answers, 99), 1),
    rate: round(count / sendSeconds, 1),
    lateMs: round(lateMs, 1),
    toAttemptMedian: round(Number(breakdown.wait_median), 1),
    toAttemptP99: round(Number(breakdown.wait_p99), 1),
    sendMedian: round(Number(breakdown.send_median), 1),
  };
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The API's connections to the database: every backend but the bench's own clients. */
async function backendPids(pg, database, own) {
  const r = await pg.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND NOT (pid = ANY($2::int[]))', [
    database,
    own,
  ]);
  return r.rows.map((row) => row.pid);
}

/**
 * What the API's PostgreSQL backends are doing, sampled every few milliseconds until `done()`: idle (waiting for
 * a statement), idle in a transaction (waiting for the API's next statement), running, or waiting on something
 * named (a row lock, the WAL's flush at commit). Counts of backend-samples by that state.
 */
async function sampleBackends(pg, database, own, done) {
  const counts = {};
  let samples = 0;
  while (!done()) {
    const r = await pg.query(
      `SELECT state, wait_event_type, wait_event FROM pg_stat_activity
        WHERE datname = $1 AND NOT (pid = ANY($2::int[])) AND backend_type = 'client backend'`,
      [database, own],
    );
    samples++;
    for (const row of r.rows) {
      const what =
        row.state === 'active'
          ? row.wait_event
            ? `waiting on ${row.wait_event_type}:${row.wait_event}`
            : 'running'
          : row.state;
      counts[what] = (counts[what] ?? 0) + 1;
    }
    await sleep(2);
  }
  return {samples, counts: Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]))};
}

/** Holds the receiver, piles submissions up (at most HOLD_LIMIT_MS), lets go, and times the drain. */
async function throughputPhase(submit, receiver, apiPid, {pg, sampler, database, own}) {
  receiver.hold = true;
  const holdStart = Date.now();
  const ids = [];
  let next = 0;
  const worker = async () => {
    while (next < PILE && Date.now() - holdStart < HOLD_LIMIT_MS) {
      next++;
      const s = await submit();
      if (s.status === 201 && s.submissionId) ids.push(s.submissionId);
    }
  };
  await Promise.all(Array.from({length: PILE_CONCURRENCY}, worker));
  const heldFor = Date.now() - holdStart;
  const wanted = new Set(ids);
  const heldArrivals = receiver.arrivals.filter((a) => wanted.has(a.submissionId)).length;
  const pidsBefore = await backendPids(pg, database, own);
  const cpuBefore = new Map([[apiPid, cpuSeconds(apiPid)], ...pidsBefore.map((p) => [p, cpuSeconds(p)])]);
  const released = performance.now();
  receiver.release();
  const seen = () => receiver.arrivals.filter((a) => wanted.has(a.submissionId));
  let arrived = false;
  const waits = sampleBackends(sampler, database, own, () => arrived);
  const all = await until(() => new Set(seen().map((a) => a.submissionId)).size >= wanted.size, 180_000);
  arrived = true;
  const drainSeconds = (performance.now() - released) / 1000;
  const pidsAfter = await backendPids(pg, database, own);
  // The last batch's attempts are recorded after their arrival: wait for them before reading the rows.
  await settled(pg);
  const cpu = (pid) => cpuSeconds(pid) - (cpuBefore.get(pid) ?? 0);
  const pgCpu = [...new Set([...pidsBefore, ...pidsAfter])].reduce((sum, pid) => sum + cpu(pid), 0);
  const after = seen()
    .filter((a) => a.at >= released)
    .map((a) => a.at)
    .sort((a, b) => a - b);
  const lastAt = after.at(-1) ?? released;
  // Batches of 10 arrive one after another (the next claim waits for the whole batch): groups of 10 in order.
  const spreads = [];
  const gaps = [];
  for (let i = 0; i + 10 <= after.length; i += 10) {
    spreads.push(after[i + 9] - after[i]);
    if (i + 10 < after.length) gaps.push(after[i + 10] - after[i + 9]);
  }
  const attempts = await pg.query(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a.latency_ms) AS send_ms, count(*)::int AS attempts,
            count(DISTINCT a.delivery_id)::int AS deliveries
       FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
       JOIN webhook_events e ON e.id = d.event_id WHERE e.submission_id = ANY($1::uuid[])`,
    [ids],
  );
  const span = (lastAt - released) / 1000;
  return {
    submitted: ids.length,
    heldFor,
    heldAtOnce: receiver.maxHeld,
    heldArrivals,
    allArrived: all,
    drained: after.length,
    perSecond: span > 0 ? round(after.length / span, 1) : null,
    drainSeconds: round(drainSeconds, 2),
    batchCycleMs: span > 0 && after.length ? round((span * 1000) / Math.ceil(after.length / 10), 1) : null,
    batchSpreadMs: round(median(spreads), 1),
    betweenBatchesMs: round(median(gaps), 1),
    workerSendMs: round(Number(attempts.rows[0].send_ms), 1),
    attempts: attempts.rows[0].attempts,
    apiCpu: round(cpu(apiPid) / span, 2),
    pgCpu: round(pgCpu / span, 2),
    backends: new Set([...pidsBefore, ...pidsAfter]).size,
    waits: await waits,
  };
}

function errorLines(output) {
  return output
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line) || (!line.startsWith('{') && /\bError\b/.test(line)));
}

export async function run({quick = false}) {
  const seconds = quick ? 5 : 20;
  const pgModule = (await import('pg')).default;
  await ensurePostgresDatabase(DATABASE_URL);
  await resetPostgres(DATABASE_URL);
  const database = decodeURIComponent(new URL(DATABASE_URL).pathname.slice(1));
  const env = {
    ...apiEnv({port: PORTS.webhooksApi, dataDir: path.join(WORK, 'data-webhooks'), databaseUrl: DATABASE_URL}),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  };
  await withDb({databaseUrl: DATABASE_URL}, (db) => seedUsers(db, {count: 1, teamSize: 1}));
  const receiver = await startReceiver(PORTS.webhookReceiver);
  onCleanup(() => receiver.close());
  const server = await startApi('webhooks-api', env);
  // Two clients of the bench's own: one reads rows, the other samples what the API's backends wait on.
  const [pg, sampler] = [0, 1].map(() => new pgModule.Client({connectionString: DATABASE_URL}));
  for (const client of [pg, sampler]) {
    await client.connect();
    onCleanup(() => client.end());
  }
  const own = await Promise.all(
    [pg, sampler].map(async (c) => (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p),
  );
  const commitSettings = (
    await pg.query(
      "SELECT string_agg(name || '=' || setting, ', ' ORDER BY name) AS s FROM pg_settings WHERE name IN ('synchronous_commit', 'fsync', 'commit_delay')",
    )
  ).rows[0].s;
  const token = await login(server.url, benchEmail(0));
  const key = await api(server.url, 'POST', '/api/keys/sandbox', {token});
  if (key.status !== 201) throw new Error(`sandbox key: ${key.status} ${JSON.stringify(key.json)}`);
  const endpoint = await api(server.url, 'POST', '/api/webhooks', {
    token,
    body: {environment: 'sandbox', url: receiver.url, eventTypes: ['submission.created'], payloadStyle: 'full'},
  });
  if (endpoint.status !== 201) throw new Error(`endpoint: ${endpoint.status} ${JSON.stringify(endpoint.json)}`);
  const submit = await submitter(server.url, key.json.apiKey, env.SECRET_KEY);

  // Warm-up (not counted): the first submissions compile the routes' code and open the pool's connections.
  await Promise.all(Array.from({length: 20}, () => submit()));
  await until(() => receiver.arrivals.length >= 20, 30_000);

  log(`webhooks: ${RATE} submissions a second for ${seconds} s`);
  const latency = await latencyPhase(submit, receiver, seconds, pg);
  log(
    `webhooks: submit to arrival median ${latency.median} ms, p99 ${latency.p99} ms, ${latency.delivered}/${latency.accepted} delivered`,
  );
  log(`webhooks: up to ${PILE} submissions held, then released`);
  const drain = await throughputPhase(submit, receiver, server.pid, {pg, sampler, database, own});
  log(`webhooks: ${drain.drained} deliveries drained at ${drain.perSecond}/s`);

  const statuses = await pg.query('SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status');
  const byStatus = Object.fromEntries(statuses.rows.map((r) => [r.status, r.n]));
  const ids = receiver.arrivals.map((a) => a.webhookId);
  const duplicates = ids.length - new Set(ids).size;
  const unsigned = receiver.arrivals.filter((a) => !a.signed).length;
  await server.stop();
  const errors = errorLines(server.output());

  const lockWaits = Object.entries(drain.waits.counts)
    .filter(([what]) => what.startsWith('waiting on Lock:'))
    .reduce((sum, [, n]) => sum + n, 0);
  const bound =
    `one process sends one claimed batch of 10 at a time (BATCH, fixed in server/src/webhooks/worker.ts): ` +
    `${drain.batchCycleMs} ms a batch, of which ${drain.batchSpreadMs} ms between a batch's first and last arrival ` +
    `(loads, signing, connecting) and ${drain.betweenBatchesMs} ms from its last arrival to the next batch's first ` +
    `(the last attempt's record transaction, the next claim and its loads); the worker's own send time per attempt ` +
    `${drain.workerSendMs} ms. CPU during the drain: the API ${drain.apiCpu} of a core, its ${drain.backends} ` +
    `PostgreSQL backends ${drain.pgCpu}. Those backends on average (${drain.waits.samples} samples): ` +
    Object.entries(drain.waits.counts)
      .map(([what, n]) => `${round(n / drain.waits.samples, 2)} ${what}`)
      .join(', ') +
    ` (${commitSettings})` +
    (lockWaits / drain.waits.samples >= 0.5
      ? `. The lock waits: every attempt's record transaction updates its endpoint's row, so the attempts of a batch ` +
        `to one endpoint commit one after another (bench/README.md, Webhooks)`
      : '');
  const row = (name, value, unit, more = {}) =>
    figure({section: SECTION, name: `PostgreSQL: ${name}`, value, unit, ...more});
  const under = (ms) => ({goal: `< ${ms} ms`, check: (v) => v < ms});
  const figures = [
    row(`submit to the receiver's 2xx, median @${RATE}/s`, latency.median, 'ms', {
      ...under(1000),
      note: `${latency.accepted} submissions in ${seconds} s (open loop, ${latency.rate}/s achieved, the latest sent ${latency.lateMs} ms after its time), full payload`,
    }),
    row(`submit to the receiver's 2xx, p99 @${RATE}/s`, latency.p99, 'ms', {
      ...under(3000),
      note: `slowest ${latency.max} ms; from the event's commit to its first attempt's start (a claim, the loads, signing) median ${latency.toAttemptMedian} ms, p99 ${latency.toAttemptP99} ms; the attempt's send median ${latency.sendMedian} ms`,
    }),
    row(`submissions delivered @${RATE}/s`, latency.delivered, 'deliveries', {
      goal: `= ${latency.count} (every submission)`,
      check: (v) => v === latency.count,
      note: `${latency.refused} submits not answered 201; ${duplicates} webhook-ids received twice in the whole section, ${unsigned} unsigned; deliveries at the end ${JSON.stringify(byStatus)}`,
    }),
    row(`POST /api/sdk/submissions answer time, median @${RATE}/s`, latency.answerMedian, 'ms', {
      note: `p99 ${latency.answerP99} ms (context: the submit's own answer, the delivery running beside it)`,
    }),
    row('delivery throughput of one process to a local receiver', drain.perSecond, 'deliveries/s', {
      note: `${drain.drained} deliveries drained after a hold of ${round(drain.heldFor / 1000, 1)} s (${drain.submitted} submitted, ${drain.heldArrivals} held at the receiver meanwhile, ${drain.attempts} attempts recorded); bound: ${bound}`,
    }),
    row('error lines in the API log', errors.length, 'lines', {
      goal: '0',
      check: (v) => v === 0,
      note: errors.slice(0, 3).join(' / ').slice(0, 400) || undefined,
    }),
  ];
  return {
    figures,
    details: {latency, drain, commitSettings, deliveries: byStatus, duplicates, errors: errors.slice(0, 10), database},
  };
}

// Section 4: the API under autocannon (10 and 50 connections, 10 s each; 3 s with --quick) on PGlite and on
// PostgreSQL, each a fresh database seeded with 1,000 verified users in 100 teams (SQL through the server's
// own modules) and 5,000 sandbox keys (through the API: 50 per team). Each connection is a different user
// (its own session token, login body or API key). Baselines measured in the same run: GET /api/health (one
// SELECT 1 through Kysely, the framework + database floor) and GET /api/bench/select1 when the server offers it.
import {readFileSync, rmSync} from 'node:fs';
import {sql} from 'kysely';
import path from 'node:path';
import {
  PORTS,
  SITE_URL,
  TURNSTILE_PLACEHOLDER,
  BENCH_PASSWORD,
  ROOT,
  WORK,
  figure,
  importTool,
  log,
  median,
  round,
  rssKb,
  unavailable,
} from './common.mjs';
import {api, apiEnv, routesOf, startApi} from './stack.mjs';
import {
  benchEmail,
  ensurePostgresDatabase,
  exampleAnswersOf,
  resetPostgres,
  seedKeys as seedKeysSql,
  seedSessions,
  seedSubmissionsApi,
  seedUsers,
  sessionTokenSigner,
  tableNames,
  withDb,
} from './seed.mjs';

export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://intakekit:intakekit@127.0.0.1:5432/intakekit_bench';
const USERS = 1000;
// BENCH_API_ROUTES=submit,sdk: only these targets (by id) beside the floor, and 'revocation' for the trials.
const onlyRoutes = process.env.BENCH_API_ROUTES?.split(',');
const TEAM_SIZE = 10;
const KEYS = 5000;
// GET /api/v1/submissions: a server key for each of the first SUBMISSION_TEAMS teams, each team with more
// submissions than the default page of 50.
const SUBMISSION_TEAMS = 20;
const SUBMISSIONS_PER_TEAM = 60;

/**
 * Runs autocannon with a per-connection request (setupClient), or a new request each time (perRequest(connection)),
 * and collects every response time.
 */
async function load(autocannon, {url, connections, duration, method = 'GET', perClient, perRequest}) {
  const times = [];
  let next = 0;
  const each = perRequest && {
    requests: [
      {
        setupRequest: (request, context) => {
          context.connection ??= next++;
          const {headers, body} = perRequest(context.connection);
          return {...request, headers: {...headers, 'content-type': 'application/json'}, body: JSON.stringify(body)};
        },
      },
    ],
  };
  const instance = autocannon({
    url,
    method,
    connections,
    duration,
    ...(each || {
      setupClient: (client) => {
        const {headers, body} = perClient(next++);
        if (body !== undefined)
          client.setHeadersAndBody({...headers, 'content-type': 'application/json'}, JSON.stringify(body));
        else client.setHeaders(headers);
      },
    }),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : null);
  return {
    times,
    count: times.length,
    seconds: duration,
    rps: result.requests.p50 || result.requests.average, // median of the per-second samples
    rpsMean: result.requests.average,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    total: times.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  };
}

async function seedKeys(base, ownerTokens) {
  // 50 keys per team, created by the team's owner, 8 requests at a time.
  const perTeam = Math.ceil(KEYS / ownerTokens.length);
  const jobs = [];
  for (const token of ownerTokens) for (let i = 0; i < perTeam; i++) jobs.push(token);
  const keys = [];
  let failures = 0;
  let lastFailure = null;
  let idx = 0;
  async function worker() {
    while (idx < jobs.length) {
      const token = jobs[idx++];
      const r = await api(base, 'POST', '/api/keys/sandbox', {token});
      if (r.status === 201) keys.push(r.json.apiKey ?? r.json.key?.apiKey);
      else {
        failures++;
        lastFailure = `${r.status} ${JSON.stringify(r.json)}`;
      }
    }
  }
  await Promise.all(Array.from({length: 8}, worker));
  return {keys: keys.filter(Boolean), failures, lastFailure};
}

async function benchDatabase(autocannon, {label, port, databaseUrl, duration, runs, quick}) {
  const dataDir = path.join(WORK, `data-load-${label.toLowerCase()}`);
  rmSync(dataDir, {recursive: true, force: true});
  if (databaseUrl) {
    await ensurePostgresDatabase(databaseUrl);
    await resetPostgres(databaseUrl);
  }
  log(`${label}: seeding ${USERS} users in ${USERS / TEAM_SIZE} teams`);
  const env = apiEnv({port, dataDir, databaseUrl, portalUrl: SITE_URL});
  const seedStart = Date.now();
  const {tokens, sqlKeys, serverKeys, teamFlows} = await withDb({dataDir, databaseUrl}, async (db) => {
    const u = await seedUsers(db, {count: USERS, teamSize: TEAM_SIZE});
    const t = await seedSessions(
      db,
      u.map((x) => x.id),
    );
    const k = (await tableNames(db)).includes('api_keys')
      ? await seedKeysSql(db, u, {perTeam: KEYS / (USERS / TEAM_SIZE), secretKey: env.SECRET_KEY})
      : null;
    const s = k
      ? await seedSubmissionsApi(db, u, {
          teams: SUBMISSION_TEAMS,
          perTeam: SUBMISSIONS_PER_TEAM,
          secretKey: env.SECRET_KEY,
          portalUrl: SITE_URL,
        })
      : null;
    const f = k && (await tableNames(db)).includes('flow_versions') ? await seedTeamFlows(db) : false;
    return {users: u, tokens: t, sqlKeys: k, serverKeys: s ?? [], teamFlows: f};
  });
  const seedSeconds = round((Date.now() - seedStart) / 1000);
  const server = await startApi(`load-api-${label.toLowerCase()}`, env);
  const base = server.url;
  const routes = await routesOf(base);
  routes.select1 = (await api(base, 'GET', '/api/bench/select1')).status === 200;
  routes.noop = (await api(base, 'GET', '/api/bench/noop')).status === 200;
  const notes = [];
  let apiKeys = [];
  if (sqlKeys) {
    apiKeys = sqlKeys;
    notes.push(
      `${label}: ${USERS} users, ${USERS / TEAM_SIZE} teams, ${USERS} sessions and ${sqlKeys.length} sandbox keys seeded through SQL with the server's modules in ${seedSeconds} s.`,
    );
  } else if (routes.createKey) {
    const owners = tokens.filter((_, i) => i % TEAM_SIZE === 0);
    const t = Date.now();
    const seeded = await seedKeys(base, owners);
    apiKeys = seeded.keys;
    notes.push(
      `${label}: ${seeded.keys.length} sandbox keys created through POST /api/keys/sandbox in ${round((Date.now() - t) / 1000)} s${seeded.failures ? ` (${seeded.failures} refused, last: ${seeded.lastFailure})` : ''}.`,
    );
  } else {
    notes.push(`${label}: no key routes: keys not seeded.`);
  }

  const auth = (i) => ({headers: {authorization: `Bearer ${tokens[i % tokens.length]}`}});
  // As a clinic's page calls it: with its Origin, checked against the key's allowed origins.
  const sdkSession = (flowId) => (i) => ({
    headers: {
      authorization: `Bearer ${apiKeys[(i * 13) % Math.max(1, apiKeys.length)]}`,
      origin: 'https://clinic.example',
    },
    body: {flowId, env: 'sandbox'},
  });
  const submit =
    routes.sdkSubmissions && apiKeys.length > 0 ? await submitRequests(base, apiKeys, env.SECRET_KEY) : null;
  const targets = [
    {
      id: 'noop',
      route: 'GET /api/bench/noop',
      path: '/api/bench/noop',
      perClient: () => ({headers: {}}),
      available: routes.noop,
    },
    {id: 'health', route: 'GET /api/health', path: '/api/health', perClient: () => ({headers: {}})},
    {
      id: 'select1',
      route: 'GET /api/bench/select1',
      path: '/api/bench/select1',
      perClient: () => ({headers: {}}),
      available: routes.select1,
    },
    {id: 'me', route: 'GET /api/auth/me', path: '/api/auth/me', perClient: auth},
    {id: 'keys', route: 'GET /api/keys', path: '/api/keys', perClient: auth, available: routes.keys},
    {id: 'team', route: 'GET /api/team', path: '/api/team', perClient: auth, available: routes.team},
    {
      id: 'login',
      route: 'POST /api/auth/login',
      path: '/api/auth/login',
      method: 'POST',
      perClient: (i) => ({
        headers: {},
        body: {email: benchEmail((i * 7) % USERS), password: BENCH_PASSWORD, turnstileToken: TURNSTILE_PLACEHOLDER},
      }),
    },
    {
      id: 'sdk',
      route: 'POST /api/sdk/sessions',
      path: '/api/sdk/sessions',
      method: 'POST',
      perClient: sdkSession('new-patient'),
      available: routes.sdkSessions && apiKeys.length > 0,
    },
    {
      // The same call for each team's own flow (a published FHIR Questionnaire), kept in memory per process.
      id: 'sdk-team',
      route: 'POST /api/sdk/sessions (team flow)',
      path: '/api/sdk/sessions',
      method: 'POST',
      perClient: sdkSession(TEAM_FLOW_ID),
      available: routes.sdkSessions && apiKeys.length > 0 && teamFlows,
    },
    {
      // A clinic's backend reading its newest page (50, without answers) with its server key.
      id: 'submissions-api',
      route: 'GET /api/v1/submissions',
      path: '/api/v1/submissions',
      perClient: (i) => ({headers: {authorization: `Bearer ${serverKeys[i % Math.max(1, serverKeys.length)]}`}}),
      available: serverKeys.length > 0,
    },
    {
      id: 'submit',
      route: 'POST /api/sdk/submissions',
      path: '/api/sdk/submissions',
      method: 'POST',
      perRequest: submit,
      available: Boolean(submit),
    },
  ];
  const rows = [];
  const results = {};
  const floor = targets.find((t) => t.id === (routes.select1 ? 'select1' : 'health'));
  const slices = quick ? 2 : 4;
  const sliceSeconds = 2;
  const loadTarget = (t, connections, seconds) =>
    load(autocannon, {
      url: `${base}${t.path}`,
      connections,
      duration: seconds,
      method: t.method,
      perClient: t.perClient,
      perRequest: t.perRequest,
    });
  const warm = (t) => loadTarget(t, 10, 1);
  const summarise = (parts) => {
    const times = parts.flatMap((x) => x.times).sort((x, y) => x - y);
    const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] : null);
    return {
      rps: round(median(parts.map((x) => x.count / x.seconds)), 0),
      p50: round(pct(50), 1),
      p95: round(pct(95), 1),
      p99: round(pct(99), 1),
      non2xx: parts.reduce((n, x) => n + x.non2xx, 0),
      errors: parts.reduce((n, x) => n + x.errors, 0),
      total: times.length,
      statusCodes: parts.at(-1).statusCodes,
    };
  };
  const record = (target, connections, res) => {
    results[`${target.id}@${connections}`] = res;
    rows.push({db: label, route: target.route, connections, ...res});
    log(
      `${label} ${target.route} @${connections}: ${res.rps} req/s, p50 ${res.p50} ms, p95 ${res.p95} ms, p99 ${res.p99} ms, non-2xx ${res.non2xx}, errors ${res.errors}`,
    );
  };
  await warm(floor);
  const floorParts = {10: [], 50: []};
  for (const target of targets) {
    if (target.available === false || target === floor || (onlyRoutes && !onlyRoutes.includes(target.id))) continue;
    if ((target.id === 'health' || target.id === 'noop') && floor.id !== target.id) {
      // Context, not a goal's baseline: a shorter run keeps the whole bench within its 15 minutes.
      for (const connections of [10, 50])
        record(target, connections, summarise([await loadTarget(target, connections, Math.ceil(duration / 2))]));
      continue;
    }
    // Warm-up (discarded): JIT, prepared statements, first use of each key and session.
    await warm(target);
    for (const connections of [10, 50]) {
      if (target.id === 'login') {
        // Bounded by the password hash: no floor to pair with, one run of the full duration.
        record(target, connections, summarise([await loadTarget(target, connections, duration)]));
        continue;
      }
      // The floor and the route alternate in short slices, so the shared machine's ups and downs hit both alike.
      const mine = [];
      const theirs = [];
      for (let k = 0; k < slices * runs; k++) {
        theirs.push(await loadTarget(floor, connections, sliceSeconds));
        mine.push(await loadTarget(target, connections, sliceSeconds));
      }
      floorParts[connections].push(...theirs);
      const res = summarise(mine);
      const paired = summarise(theirs);
      res.floorRps = paired.rps;
      res.floorP99 = paired.p99;
      record(target, connections, res);
    }
  }
  for (const connections of [10, 50]) {
    if (floorParts[connections].length) record(floor, connections, summarise(floorParts[connections]));
  }
  const rss = rssKb(server.pid);
  if (databaseUrl && routes.sdkSessions && (!onlyRoutes || onlyRoutes.includes('revocation'))) {
    try {
      results.revocation = await revocationTrials(base, {...env, PORT: String(PORTS.loadApiPostgresB)}, tokens);
    } catch (error) {
      notes.push(`${label}: revocation trials failed: ${error.message}`);
    }
  }
  await server.stop();
  return {label, routes, results, rows, notes, rss, apiKeys: apiKeys.length, targets};
}

/** A text answer of a typical length (the new-patient flow's notes), so that each submit seals a realistic size. */
const SUBMIT_NOTE = 'Mild seasonal allergies; taking cetirizine daily. Prefers morning appointments. '.repeat(4);

/**
 * Each connection's request maker for POST /api/sdk/submissions: a new session each time (a session per patient,
 * so every request writes a row), as a clinic's page sends it. One real session per key gives the claims; the
 * bench signs the next sessions with the server's own signer and SECRET_KEY, as the session call would.
 */
async function submitRequests(base, apiKeys, secretKey) {
  const signer = await sessionTokenSigner(secretKey);
  const answers = {...(await exampleAnswersOf('new-patient')), notes: SUBMIT_NOTE};
  const perConnection = [];
  for (let i = 0; i < 50; i++) {
    const apiKey = apiKeys[(i * 13) % apiKeys.length];
    const headers = {authorization: `Bearer ${apiKey}`, origin: 'https://clinic.example'};
    const r = await api(base, 'POST', '/api/sdk/sessions', {headers, body: {flowId: 'new-patient', env: 'sandbox'}});
    const claims = r.status === 200 ? signer.verify(r.json.sessionToken, new Date()) : null;
    if (!claims) throw new Error(`a session for the submit row: ${r.status} ${JSON.stringify(r.json)}`);
    perConnection.push({headers, claims});
  }
  return (connection) => {
    const {headers, claims} = perConnection[connection % perConnection.length];
    const sessionToken = signer.sign({...claims, sessionId: crypto.randomUUID()});
    return {headers, body: {sessionToken, answers}};
  };
}

const REVOCATION_TRIALS = 100;

/**
 * A second API process (B) on the same PostgreSQL keeps each key in memory (two sessions started with it); the
 * key is revoked through the first (A); B is asked again every millisecond until it refuses the key. Each trial's
 * time runs from A's answer to B's refusal. The seeded teams' sandbox keys, 50 per team, from the first teams.
 */
async function revocationTrials(base, envB, tokens) {
  const b = await startApi('load-api-postgres-b', envB);
  try {
    const times = [];
    for (let team = 0; times.length < REVOCATION_TRIALS; team++) {
      const token = tokens[team * TEAM_SIZE];
      const listed = await api(base, 'GET', '/api/keys', {token});
      const keys = (listed.json?.keys ?? []).filter((k) => k.status === 'active' && k.apiKey);
      if (keys.length === 0) throw new Error(`team ${team}: no active sandbox key listed (${listed.status})`);
      for (const key of keys.slice(0, REVOCATION_TRIALS - times.length)) {
        const use = () =>
          api(b.url, 'POST', '/api/sdk/sessions', {
            token: key.apiKey,
            headers: {origin: 'https://clinic.example'},
            body: {flowId: 'new-patient', env: 'sandbox'},
          });
        for (let i = 0; i < 2; i++) if ((await use()).status !== 200) throw new Error('B refused a working key');
        const revoked = await api(base, 'DELETE', `/api/keys/${key.id}/revoke`, {token, body: {}});
        if (revoked.status !== 200) throw new Error(`revoke: ${revoked.status}`);
        const start = performance.now();
        while ((await use()).status !== 401) {
          if (performance.now() - start > 5000) throw new Error('B still accepted a key revoked 5 s before');
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        times.push(performance.now() - start);
      }
    }
    times.sort((x, y) => x - y);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
    log(`PostgreSQL revocation reaching B: median ${round(median(times), 1)} ms, p99 ${round(pct(99), 1)} ms`);
    return {median: round(median(times), 1), p99: round(pct(99), 1), max: round(times.at(-1), 1), trials: times.length};
  } finally {
    await b.stop();
  }
}

/**
 * A route's p99 (ms) beside its paired floor slices' p99, with its goal: under `limit` ms, or (`{times}`) at most that
 * many times theirs.
 */
const p99AgainstFloor = (name, x, limit) =>
  figure({
    section: 'api-load',
    name,
    value: x.p99,
    unit: 'ms',
    baseline: `floor p99 ${x.floorP99} ms`,
    baselineValue: x.floorP99,
    ...(typeof limit === 'number'
      ? {goal: `< ${limit} ms`, check: (v) => v < limit}
      : {goal: `<= ${limit.times}x floor p99`, check: (_v, ratio) => ratio !== null && ratio <= limit.times}),
  });

/**
 * A route's requests per second beside its paired floor slices' (`floorName`), with its goal: at least `atLeast` times
 * theirs (no goal without it); the note says `about` the route, then its latencies and failures.
 */
const rpsAgainstFloor = ({name, x, floorName, atLeast, about}) =>
  figure({
    section: 'api-load',
    name,
    value: x.rps,
    unit: 'req/s',
    baseline: `${floorName} ${x.floorRps}`,
    baselineValue: x.floorRps,
    ...(atLeast !== undefined && {
      goal: `>= ${atLeast}x floor`,
      check: (_v, ratio) => ratio !== null && ratio >= atLeast,
    }),
    note: `${about ? `${about}; ` : ''}p50 ${x.p50} ms, p95 ${x.p95} ms, p99 ${x.p99} ms, non-2xx ${x.non2xx}`,
  });

/** The row of an SDK route that was not loaded: the server has it (`hasRoute`) but gave no key to call it with, or not. */
const sdkUnavailable = (name, hasRoute) =>
  unavailable({
    section: 'api-load',
    name,
    unit: 'req/s',
    note: hasRoute ? 'no API keys to call it with' : 'not yet available',
  });

const TEAM_FLOW_ID = 'bench-zika';

/**
 * Each team's own flow, published once: a real Questionnaire of the contract's fixtures (the FHIR specification's
 * Zika exposure example) whose widget view (911 bytes) is the size of new-patient's questions (935), so that the two
 * rows compare the route's work rather than the answer's length (the PHQ-9's view is 12 kB).
 */
async function seedTeamFlows(db) {
  const fixture = 'contract/test/fixtures/questionnaires/fhir-r4-questionnaire-zika-virus-exposure-assessment.json';
  const document = readFileSync(path.join(ROOT, fixture), 'utf8');
  await sql`
    INSERT INTO flows (team_id, flow_id, draft, draft_updated_at, created_at)
    SELECT id, ${TEAM_FLOW_ID}, ${document}::jsonb, now(), now() FROM teams
  `.execute(db);
  await sql`
    INSERT INTO flow_versions (flow, number, document, published_at, note)
    SELECT id, 1, draft, now(), '' FROM flows WHERE flow_id = ${TEAM_FLOW_ID}
  `.execute(db);
  return true;
}

/** The floor routes the route figures are read against: id in the results, the route, what floor it is. */
const FLOOR_ROUTES = [
  ['health', 'GET /api/health', 'floor'],
  ['noop', 'GET /api/bench/noop', 'framework floor, no database'],
  ['select1', 'GET /api/bench/select1', 'DB floor'],
];

export async function run({apiRuns = 1, quick = false}) {
  const autocannon = (await importTool('autocannon')).default;
  const duration = quick ? 3 : 10;
  const figures = [];
  const table = [];
  const notes = [
    `Each route cell: ${quick ? 2 : 4} x 2-s autocannon slices of the route alternating with 2-s slices of the floor route at the same connection count (so the shared machine's noise hits both alike); req/s is the median over slices, the ratio is to the paired floor slices, latencies are percentiles of every response of the route's slices. Login runs ${duration} s straight (bounded by argon2id); the context rows (GET /api/health, GET /api/bench/noop) ${Math.ceil(duration / 2)} s straight. The load generator runs on the same 2 cores as the API. Each route gets a discarded 1-s warm-up.`,
  ];
  const perDb = [];
  // BENCH_API_DATABASES=PostgreSQL: one database only (repeat runs of its rows, written with --out elsewhere).
  const only = process.env.BENCH_API_DATABASES?.split(',');
  for (const [label, port, databaseUrl] of [
    ['PGlite', PORTS.loadApiPglite, undefined],
    ['PostgreSQL', PORTS.loadApiPostgres, DATABASE_URL],
  ]) {
    if (only && !only.includes(label)) continue;
    try {
      perDb.push(await benchDatabase(autocannon, {label, port, databaseUrl, duration, runs: apiRuns, quick}));
    } catch (error) {
      log(`${label} failed: ${error.stack ?? error}`);
      notes.push(`${label}: failed: ${error.message}`);
    }
  }
  for (const d of perDb) {
    table.push(...d.rows);
    notes.push(...d.notes);
    const r = d.results;
    const floorId = r['select1@10'] ? 'select1' : 'health';
    const floorName =
      floorId === 'select1' ? 'SELECT 1 route' : 'GET /api/health (runs SELECT 1; stands in for the SELECT 1 route)';
    /** A route's rows at 10 and 50 connections beside the floor's; `atLeast` is the goal, or gives it for `c`. */
    const rpsRows = (id, route, atLeast, about) =>
      [10, 50]
        .filter((c) => r[`${id}@${c}`])
        .map((c) =>
          rpsAgainstFloor({
            name: `${d.label}: ${route} @${c} conn`,
            x: r[`${id}@${c}`],
            floorName,
            atLeast: typeof atLeast === 'function' ? atLeast(c) : atLeast,
            about,
          }),
        );
    /** A route's p99 at `c` connections against the floor's p99: at most `times` it. */
    const p99AgainstFloorsRow = (id, route, c, times) =>
      p99AgainstFloor(`${d.label}: ${route} p99 @${c} conn against the floor's`, r[`${id}@${c}`], {times});
    for (const c of [10, 50]) {
      for (const [id, route, what] of FLOOR_ROUTES) {
        const x = r[`${id}@${c}`];
        if (x)
          figures.push(
            figure({
              section: 'api-load',
              name: `${d.label}: ${route} @${c} conn (${what})`,
              value: x.rps,
              unit: 'req/s',
              note: `p50 ${x.p50} ms, p99 ${x.p99} ms`,
            }),
          );
      }
    }
    if (!r['select1@10'])
      figures.push(
        unavailable({
          section: 'api-load',
          name: `${d.label}: GET /api/bench/select1 (DB floor)`,
          unit: 'req/s',
          note: 'not yet available: the server has no bench route; GET /api/health (one SELECT 1) is the floor',
        }),
      );
    for (const id of ['me', 'keys', 'team']) {
      const route = {me: 'GET /api/auth/me', keys: 'GET /api/keys', team: 'GET /api/team'}[id];
      if (!r[`${id}@10`]) {
        figures.push(
          unavailable({section: 'api-load', name: `${d.label}: ${route}`, unit: 'req/s', goal: '>= 0.7x floor'}),
        );
        continue;
      }
      // GET /api/keys decrypts every sandbox key it lists (production keys are only hashed): 0.4x is its goal.
      figures.push(...rpsRows(id, route, id === 'keys' ? 0.4 : 0.7));
      figures.push(p99AgainstFloor(`${d.label}: ${route} p99 @10 conn`, r[`${id}@10`], 50));
    }
    for (const c of [10, 50]) {
      const x = r[`login@${c}`];
      if (!x) continue;
      figures.push(
        figure({
          section: 'api-load',
          name: `${d.label}: POST /api/auth/login @${c} conn`,
          value: x.rps,
          unit: 'req/s',
          goal: '>= 30/s',
          check: (v) => v >= 30,
          note: `p50 ${x.p50} ms, p99 ${x.p99} ms, non-2xx ${x.non2xx}`,
        }),
      );
      // Each sign-in is one argon2id hash (19 MiB, t=2) of CPU: with c requests in flight at x.rps per second,
      // the mean wait is c / rps (Little's law), which bounds the 50-connection figure whatever the code does.
      const bound = `Little's law: ${c} in flight at ${x.rps}/s wait ${round((c / x.rps) * 1000)} ms on average`;
      figures.push(
        figure({
          section: 'api-load',
          name: `${d.label}: POST /api/auth/login p95 @${c} conn`,
          value: x.p95,
          unit: 'ms',
          goal: '< 500 ms',
          check: (v) => v < 500,
          note: bound,
        }),
      );
    }
    const onPostgres = d.label === 'PostgreSQL';
    if (r.revocation) {
      const x = r.revocation;
      figures.push(
        figure({
          section: 'api-load',
          name: `${d.label}: a revocation reaching another process, median`,
          value: x.median,
          unit: 'ms',
          note: `from the revoking process's answer to the other's refusal of the key it kept in memory; ${x.trials} trials, slowest ${x.max} ms`,
        }),
        figure({
          section: 'api-load',
          name: `${d.label}: a revocation reaching another process, p99`,
          value: x.p99,
          unit: 'ms',
          goal: '< 1000 ms',
          check: (v) => v < 1000,
        }),
      );
    }
    if (r['sdk@10']) {
      // On PostgreSQL keys are kept in memory (KEY_CACHE_SIZE): every intake's first call, 0.8x of the floor.
      const atLeast = onPostgres ? 0.8 : 0.7;
      figures.push(
        ...rpsRows(
          'sdk',
          'POST /api/sdk/sessions',
          atLeast,
          'origin check, per-key limit, batched usage and request log',
        ),
        ...rpsRows(
          'sdk-team',
          'POST /api/sdk/sessions, a team flow',
          atLeast,
          'the flow and its widget view kept in memory',
        ),
        p99AgainstFloor(`${d.label}: POST /api/sdk/sessions p99 @50 conn`, r['sdk@50'], 25),
      );
      if (onPostgres) figures.push(p99AgainstFloorsRow('sdk', 'POST /api/sdk/sessions', 50, 1.5));
    } else {
      figures.push(sdkUnavailable(`${d.label}: POST /api/sdk/sessions`, d.routes.sdkSessions));
    }
    if (r['submit@10']) {
      // Each submit is a new session: the token checked, the answers checked, sealed (AES-256-GCM) and one row written.
      const atLeast = (c) => (onPostgres && c === 10 ? 0.5 : undefined);
      figures.push(...rpsRows('submit', 'POST /api/sdk/submissions', atLeast, 'a new session each, one row written'));
      if (onPostgres) figures.push(p99AgainstFloorsRow('submit', 'POST /api/sdk/submissions', 10, 3));
    } else {
      figures.push(sdkUnavailable(`${d.label}: POST /api/sdk/submissions`, d.routes.sdkSubmissions));
    }
    if (r['submissions-api@10']) {
      // The server key read from the database each time (no cache), then one keyset page of 50 rows' metadata.
      figures.push(...rpsRows('submissions-api', 'GET /api/v1/submissions (page of 50)', 0.4));
    } else {
      figures.push(
        unavailable({
          section: 'api-load',
          name: `${d.label}: GET /api/v1/submissions (page of 50)`,
          unit: 'req/s',
          goal: '>= 0.4x floor',
          note: 'not yet available',
        }),
      );
    }
    const non2xx = d.rows.reduce((a, x) => a + x.non2xx + x.errors, 0);
    const bad = d.rows
      .filter((x) => x.non2xx + x.errors > 0)
      .map(
        (x) =>
          `${x.route} @${x.connections}: ${x.non2xx} non-2xx, ${x.errors} errors (${JSON.stringify(x.statusCodes)})`,
      );
    figures.push(
      figure({
        section: 'api-load',
        name: `${d.label}: non-2xx answers and errors, all load runs`,
        value: non2xx,
        unit: 'responses',
        goal: '0',
        check: (v) => v === 0,
        note: bad.join('; ') || undefined,
      }),
    );
    figures.push(
      figure({
        section: 'api-load',
        name: `${d.label}: API process RSS after the load runs`,
        value: d.rss ? round(d.rss / 1024, 0) : null,
        unit: 'MB',
      }),
    );
  }
  return {figures, details: {table: table.map(({statusCodes: _statusCodes, ...rest}) => rest), notes}};
}

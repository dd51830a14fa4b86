// Seeds a database with the server's own modules (loaded through tsx): openDatabase + migrate, the
// argon2id hash of server/src/lib/passwords.ts and the session token hash of server/src/lib/tokens.ts.
// PGlite allows one process per data directory: every function here closes the database before it returns.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {ROOT, BENCH_PASSWORD, serverDir} from './common.mjs';

let loader;
/**
 * Imports a server source module. Every module goes through one tsx namespace, so they share one module graph:
 * with a namespace per call (tsImport) each load gets its own copy of the modules it imports, and state such as
 * db/sql-scripts.ts's record of which Kysely wraps a PGlite is lost between connect.ts and migrate.ts.
 */
async function loadServerModule(p) {
  await ensureLoader();
  const from = pathToFileURL(path.join(ROOT, 'bench', 'lib', 'seed.mjs')).href;
  return loader.import(pathToFileURL(path.join(serverDir(), 'src', p)).href, from);
}

let registering;
/** Registers the one tsx namespace, once however many imports start together. */
function ensureLoader() {
  registering ??= import('tsx/esm/api').then(({register}) => {
    loader = register({namespace: 'intakekit-bench-seed'});
  });
  return registering;
}

let modules;
async function serverModules() {
  if (modules) return modules;
  const load = loadServerModule;
  const [connect, migrate, passwords, tokens, kysely] = await Promise.all([
    load('db/connect.ts'),
    load('db/migrate.ts'),
    load('lib/passwords.ts'),
    load('lib/tokens.ts'),
    import('kysely'),
  ]);
  modules = {connect, migrate, passwords, tokens, sql: kysely.sql};
  return modules;
}

export async function withDb({databaseUrl, dataDir}, fn) {
  const {connect, migrate} = await serverModules();
  const db = await connect.openDatabase({databaseUrl, dataDir});
  try {
    await migrate.migrate(db);
    return await fn(db, modules);
  } finally {
    await db.destroy();
  }
}

export function benchEmail(i) {
  return `bench-${String(i).padStart(5, '0')}@bench.test`;
}

/**
 * Verified users in teams of `teamSize` (the first of each team is its owner), all with BENCH_PASSWORD.
 * One argon2id hash is shared by every row (hashing 1,000 passwords would take 12 s and prove nothing).
 * Returns [{id, email}].
 */
export async function seedUsers(db, {count, teamSize = 10}) {
  const {passwords} = await serverModules();
  const hash = await passwords.hashPassword(BENCH_PASSWORD);
  const now = new Date();
  const users = [];
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      rows.push({
        email: benchEmail(i),
        name: `Bench User ${i}`,
        password_hash: hash,
        email_verified: true,
        created_at: now,
        updated_at: now,
      });
    }
    users.push(...(await db.insertInto('users').values(rows).returning(['id', 'email']).execute()));
  }
  for (let t = 0; t * teamSize < users.length; t++) {
    const team = await db
      .insertInto('teams')
      .values({name: `Bench Clinic ${t}`, created_at: now})
      .returning('id')
      .executeTakeFirstOrThrow();
    const slice = users.slice(t * teamSize, (t + 1) * teamSize);
    slice.forEach((u, i) => Object.assign(u, {teamId: team.id, owner: i === 0}));
    const members = slice.map((u, i) => ({
      team_id: team.id,
      user_id: u.id,
      role: i === 0 ? 'owner' : 'member',
      created_at: now,
    }));
    await db.insertInto('team_members').values(members).execute();
  }
  return users;
}

/** A fresh session (token) for each user id, inserted as the server's startSession would. */
export async function seedSessions(db, userIds) {
  const {tokens, sql} = await serverModules();
  const now = new Date();
  const absolute = new Date(now.getTime() + 12 * 3600_000);
  const out = [];
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = [];
    for (const userId of userIds.slice(start, start + 500)) {
      const token = tokens.newToken();
      out.push(token);
      rows.push({
        family_id: sql`gen_random_uuid()`,
        user_id: userId,
        token_hash: tokens.hashToken(token),
        created_at: now,
        last_used_at: now,
        absolute_expires_at: absolute,
      });
    }
    await db.insertInto('sessions').values(rows).execute();
  }
  return out;
}

/** Names of the public tables after migration (to see whether the key tables exist yet). */
export async function tableNames(db) {
  const {sql} = await serverModules();
  const r = await sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
  return r.rows.map((row) => row.table_name);
}

async function answers(pg, databaseUrl) {
  const client = new pg.Client({connectionString: databaseUrl});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Drops every table of the bench's PostgreSQL database (a fresh database for each run). */
export async function resetPostgres(databaseUrl) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({connectionString: databaseUrl});
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

/**
 * Creates the bench's database when missing (the role has CREATEDB), through the `postgres` database. With the
 * default address on a machine whose PostgreSQL is down (a fresh clone), starts Debian's cluster and creates
 * the role first, as CI does (scripts/local-postgres.sh).
 */
export async function ensurePostgresDatabase(databaseUrl) {
  const pg = (await import('pg')).default;
  if (!process.env.BENCH_DATABASE_URL && !(await answers(pg, databaseUrl))) {
    const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    const r = spawnSync(path.join(ROOT, 'scripts', 'local-postgres.sh'), [name], {encoding: 'utf8'});
    if (r.status !== 0)
      throw new Error(`PostgreSQL is not answering and scripts/local-postgres.sh failed: ${r.stderr || r.stdout}`);
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({connectionString: url.toString()});
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * API keys inserted the way the server's ApiKeys.issue() does (value from lib/api-key-format.ts, SHA-256 from
 * lib/tokens.ts, AES-GCM from lib/secret-box.ts keyed by `secretKey`), `perTeam` sandbox keys per team,
 * created by its owner. Returns the key values, or null when the server has no key modules yet.
 */
export async function seedKeys(db, users, {perTeam, secretKey}) {
  let format;
  let box;
  try {
    format = await loadServerModule(path.join('lib', 'api-key-format.ts'));
    box = (await loadServerModule(path.join('lib', 'secret-box.ts'))).secretBox(secretKey);
  } catch {
    return null;
  }
  const {tokens} = await serverModules();
  const contract = await loader.import(
    '@intakekit/contract/api-keys',
    pathToFileURL(path.join(ROOT, 'bench', 'lib', 'seed.mjs')).href,
  );
  const now = new Date();
  const rows = [];
  const values = [];
  for (const owner of users.filter((u) => u.owner)) {
    for (let i = 0; i < perTeam; i++) {
      const value = format.newApiKey('sandbox');
      values.push(value);
      rows.push({
        team_id: owner.teamId,
        key_type: 'sandbox',
        key_hash: tokens.hashToken(value),
        key_ciphertext: box.seal(value),
        key_masked: contract.maskApiKey(value),
        name: contract.defaultKeyName('sandbox', i + 1),
        // A clinic's page: the bench calls the SDK route with this Origin, so the origin check runs.
        allowed_origins: ['https://clinic.example'],
        status: 'active',
        created_by: owner.id,
        created_at: now,
      });
    }
  }
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('api_keys')
      .values(rows.slice(start, start + 500))
      .execute();
  return values;
}

/** The server's session-token signer (lib/session-token.ts) under `secretKey`: the bench mints a session per submit. */
export async function sessionTokenSigner(secretKey) {
  return (await loadServerModule(path.join('lib', 'session-token.ts'))).sessionTokens(secretKey);
}

/** The contract's example answers (every question of the flow answered), as the guide and tests use them. */
export async function exampleAnswersOf(flowId) {
  await ensureLoader();
  const from = pathToFileURL(path.join(ROOT, 'bench', 'lib', 'seed.mjs')).href;
  const {exampleAnswers} = await loader.import('@intakekit/contract/answers', from);
  const {findFlow} = await loader.import('@intakekit/contract/flow-catalogue', from);
  return exampleAnswers(findFlow(flowId));
}

/**
 * For GET /api/v1/submissions: a sandbox server key for each of the first `teams` teams, inserted as
 * services/server-keys.ts issues one (value from lib/api-key-format.ts, only its SHA-256 and masked form stored), and
 * `perTeam` submissions each, stored by services/submissions.ts's recordSubmission through one of the team's browser
 * keys (answers checked, built as a QuestionnaireResponse and sealed). Returns the server key values, or null when
 * the server has no server keys yet.
 */
export async function seedSubmissionsApi(db, users, {teams, perTeam, secretKey, portalUrl}) {
  if (!(await tableNames(db)).includes('server_keys')) return null;
  const format = await loadServerModule(path.join('lib', 'api-key-format.ts'));
  const submissions = await loadServerModule(path.join('services', 'submissions.ts'));
  const {tokens} = await serverModules();
  const from = pathToFileURL(path.join(ROOT, 'bench', 'lib', 'seed.mjs')).href;
  const {maskApiKey} = await loader.import('@intakekit/contract/api-keys', from);
  const {findFlow} = await loader.import('@intakekit/contract/flow-catalogue', from);
  const flow = findFlow('new-patient');
  const answers = await exampleAnswersOf('new-patient');
  const ctx = {db, box: submissions.submissionsBox(secretKey), config: {now: () => new Date(), portalUrl}};
  const values = [];
  for (const owner of users.filter((u) => u.owner).slice(0, teams)) {
    const value = format.newApiKey('sandbox', 'server');
    values.push(value);
    await db
      .insertInto('server_keys')
      .values({
        team_id: owner.teamId,
        key_type: 'sandbox',
        key_hash: tokens.hashToken(value),
        key_masked: maskApiKey(value),
        name: 'Bench EHR bridge',
        status: 'active',
        created_by: owner.id,
        created_at: new Date(),
      })
      .execute();
    const browserKey = await db
      .selectFrom('api_keys')
      .select('id')
      .where('team_id', '=', owner.teamId)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < perTeam; i++) {
      await submissions.recordSubmission(ctx, {
        owner: {teamId: owner.teamId},
        keyId: browserKey.id,
        keyType: 'sandbox',
        env: 'sandbox',
        sessionId: crypto.randomUUID(),
        origin: 'https://clinic.example',
        flow,
        answers,
      });
    }
  }
  return values;
}

// Configuration, migrations, secrets, logs, mail transport and the server process.
import {spawn} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {once} from 'node:events';
import {fileURLToPath} from 'node:url';
import pg from 'pg';
import {smtpSink} from './helpers/smtp-sink.js';
import {simpleParser} from './helpers/parse-mail.js';
import {describe, expect, it, onTestFinished} from 'vitest';
import {sql} from 'kysely';
import {ConfigError, loadConfig} from '../src/config.js';
import {migrate, readMigrations} from '../src/db/migrate.js';
import {splitStatements} from './helpers/legacy-migrator.js';
import {resolveSecretKey} from '../src/lib/secret-key.js';
import {buildApp} from '../src/app.js';
import {LogCapture, build} from './helpers/app.js';
import {emptyPostgresSchema, freshDatabase, onPostgres} from './helpers/database.js';
import {startSdkSession} from './helpers/sdk-session.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-infra-'));
  onTestFinished(() => fs.rm(dir, {recursive: true, force: true}));
  return dir;
}

describe('configuration', () => {
  it('has defaults that work with no variables set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: undefined,
      smtpUrl: undefined,
      portalUrl: 'http://localhost:3000',
      loginRequiresVerifiedEmail: true,
      authRateLimit: 30,
      loginLockAttempts: 5,
      logLevel: 'info',
      sdkRateLimit: 120,
      trustProxy: [],
      turnstileVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
      teamInvitesPerHour: 20,
      invitesPerAddressPerDay: 3,
      invitationTtlMs: 7 * 24 * 3_600_000,
      invitationResendIntervalMs: 60_000,
    });
    expect(config.dataDir).toBe(path.resolve('.data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      SMTP_URL: 'smtp://mail:2525',
      MAIL_FROM: 'IntakeKit <hello@example.com>',
      PORTAL_URL: 'https://portal.example.com/',
      SECRET_KEY: 'k'.repeat(40),
      TURNSTILE_SECRET_KEY: 'ts',
      LOGIN_REQUIRES_VERIFIED_EMAIL: 'false',
      AUTH_RATE_LIMIT: '5',
      LOGIN_LOCK_ATTEMPTS: '3',
      LOG_LEVEL: 'warn',
      SDK_RATE_LIMIT: '600',
      TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8, loopback',
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9999/siteverify',
      SESSION_IDLE_MINUTES: '10',
      SESSION_ABSOLUTE_HOURS: '2',
      TEAM_INVITES_PER_HOUR: '50',
      INVITES_PER_ADDRESS_PER_DAY: '1',
      SDK_KEY_RATE_LIMIT: '90',
      REDIS_URL: 'redis://:pw@valkey.internal:6379/0',
      HOUSEKEEPING_INTERVAL_MINUTES: '0.5',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/app',
      smtpUrl: 'smtp://mail:2525',
      mailFrom: 'IntakeKit <hello@example.com>',
      portalUrl: 'https://portal.example.com',
      secretKey: 'k'.repeat(40),
      turnstileSecretKey: 'ts',
      loginRequiresVerifiedEmail: false,
      authRateLimit: 5,
      loginLockAttempts: 3,
      logLevel: 'warn',
      sdkRateLimit: 600,
      trustProxy: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback'],
      turnstileVerifyUrl: 'http://127.0.0.1:9999/siteverify',
      sessionIdleMs: 10 * 60_000,
      sessionAbsoluteMs: 2 * 3_600_000,
      teamInvitesPerHour: 50,
      invitesPerAddressPerDay: 1,
      sdkKeyRateLimit: 90,
      redisUrl: 'redis://:pw@valkey.internal:6379/0',
      housekeepingIntervalMs: 30_000,
    });
    expect(loadConfig({})).toMatchObject({redisUrl: undefined, housekeepingIntervalMs: 3_600_000});
    expect(loadConfig({TRUST_PROXY: 'false'}).trustProxy).toEqual([]);
  });

  it.each([
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '*'],
    ['TRUST_PROXY', '2'],
    ['TRUST_PROXY', '10.0.0.5,proxy.internal'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.0/8/1'],
    ['SDK_RATE_LIMIT', '0'],
    ['TURNSTILE_VERIFY_URL', 'ftp://example.com/siteverify'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['SESSION_IDLE_MINUTES', '15.5'],
    ['SESSION_ABSOLUTE_HOURS', 'twelve'],
    ['SESSION_ABSOLUTE_HOURS', '0'],
    ['TEAM_INVITES_PER_HOUR', '0'],
    ['TEAM_INVITES_PER_HOUR', '2.5'],
    ['INVITES_PER_ADDRESS_PER_DAY', '0'],
    ['INVITES_PER_ADDRESS_PER_DAY', 'three'],
    ['SDK_KEY_RATE_LIMIT', '0'],
    ['REDIS_URL', 'valkey.internal:6379'],
    ['REDIS_URL', 'http://valkey.internal:6379'],
    ['HOUSEKEEPING_INTERVAL_MINUTES', '0'],
    ['HOUSEKEEPING_INTERVAL_MINUTES', 'hourly'],
    ['HOUSEKEEPING_INTERVAL_MINUTES', '-5'],
  ])('refuses %s=%s by name', (name, value) => {
    expect(() => loadConfig({[name]: value})).toThrow(new RegExp(`${name} must`));
  });

  it('refuses an idle timeout longer than the absolute lifetime', () => {
    expect(() => loadConfig({SESSION_IDLE_MINUTES: '90', SESSION_ABSOLUTE_HOURS: '1'})).toThrow(
      /SESSION_IDLE_MINUTES \(90\) must not exceed SESSION_ABSOLUTE_HOURS \(1\)/,
    );
    expect(loadConfig({SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_HOURS: '1'}).sessionIdleMs).toBe(3_600_000);
  });

  it('names every bad variable in one clear error, without leaking a password', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://root:hunter2@db/app',
        LOGIN_REQUIRES_VERIFIED_EMAIL: 'maybe',
        AUTH_RATE_LIMIT: '0',
        SECRET_KEY: 'short',
        LOG_LEVEL: 'loud',
        PORTAL_URL: 'localhost:3000',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'LOGIN_REQUIRES_VERIFIED_EMAIL',
      'AUTH_RATE_LIMIT',
      'SECRET_KEY',
      'LOG_LEVEL',
      'PORTAL_URL',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('hunter2');
  });
});

describe('migrations', () => {
  it('splits files into statements and numbers them uniquely', async () => {
    expect(splitStatements('-- c\nCREATE TABLE a (x int);\n\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
    const migrations = await readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort((a, b) => a - b));
  });

  it('are idempotent: a second run (and a second app start) applies nothing', async () => {
    const database = onPostgres ? await emptyPostgresSchema() : await freshDatabase({breakable: false});
    onTestFinished(() => database.release());
    const first = await migrate(database.db);
    const versions = (await readMigrations()).map((m) => m.version);
    // The PGlite helper migrates once per file; a PostgreSQL schema starts empty.
    expect(first).toEqual(onPostgres ? versions : []);
    expect(await migrate(database.db)).toEqual([]);
    const recorded = await sql<{version: number}>`SELECT version FROM schema_migrations ORDER BY version`.execute(
      database.db,
    );
    expect(recorded.rows.map((r) => r.version)).toEqual(versions);
    // An app starting on that database applies nothing either.
    const logs = new LogCapture();
    const app = await buildApp({...loadConfig({DATA_DIR: await tempDir()}), logStream: logs}, {db: database.db});
    await app.close();
    const ready = logs.entries().find((e) => e.msg === 'database ready');
    expect(ready?.migrationsApplied).toEqual([]);
  });

  it.runIf(onPostgres)('two processes migrating at once apply each file once (advisory lock)', async () => {
    const database = await emptyPostgresSchema();
    onTestFinished(() => database.release());
    const results = await Promise.all([migrate(database.db), migrate(database.db), migrate(database.db)]);
    expect(results.flat().sort((a, b) => a - b)).toEqual((await readMigrations()).map((m) => m.version));
  });
});

describe('secret key', () => {
  it('prefers SECRET_KEY, else generates one file with mode 0600 and reuses it', async () => {
    const dir = await tempDir();
    expect(await resolveSecretKey('x'.repeat(32), dir)).toBe('x'.repeat(32));
    await expect(fs.stat(path.join(dir, 'secret-key'))).rejects.toThrow();
    const generated = await resolveSecretKey(undefined, dir);
    expect(generated.length).toBeGreaterThanOrEqual(32);
    const stat = await fs.stat(path.join(dir, 'secret-key'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(await resolveSecretKey(undefined, dir)).toBe(generated);
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or Authorization headers', async () => {
    const {app, logs, mail} = await build({env: {SMTP_URL: ''}});
    const password = 'Str0ng-Password-Here';
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {email: 'log@example.com', password, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX'},
    });
    const token = await mail.lastToken('log@example.com', 'verify');
    await app.inject({method: 'GET', url: `/api/auth/verify?token=${token}&next=1`});
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {email: 'log@example.com', password, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX'},
    });
    const session = login.json().token as string;
    await app.inject({method: 'GET', url: '/api/auth/me', headers: {authorization: `Bearer ${session}`}});
    await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: {authorization: `Bearer ${session}`},
      payload: {currentPassword: password, newPassword: 'An0ther-Password!'},
    });
    const fresh = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {email: 'log@example.com', password: 'An0ther-Password!', turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX'},
      })
    ).json().token as string;
    const apiKey = (
      await app.inject({method: 'POST', url: '/api/keys/sandbox', headers: {authorization: `Bearer ${fresh}`}})
    ).json().apiKey as string;
    const sdk = await startSdkSession(app, apiKey, {flowId: 'annual-checkup'});
    expect(sdk.statusCode).toBe(200);
    await app.inject({method: 'POST', url: '/api/auth/forgot-password', payload: {email: 'log@example.com'}});
    const resetToken = await mail.lastToken('log@example.com', 'reset-password');
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {token: resetToken, newPassword: 'Third-Passw0rd!'},
    });
    app.log.info({password: 'p1', user: {password: 'p2', token: 'p3'}, headers: {authorization: 'p4'}}, 'probe');
    const text = logs.text;
    expect(text).toContain('incoming request');
    expect(text).toContain('/api/auth/verify?token=%5BREDACTED%5D&next=1');
    for (const secret of [password, 'An0ther-Password!', 'Third-Passw0rd!', session, fresh, apiKey, 'Bearer']) {
      expect(text).not.toContain(secret);
    }
    // Link tokens appear only in the development-mode mail lines (never in request lines, e.g. reset's body).
    const outsideMailLines = logs.lines.filter((l) => !l.includes('"email written to file"')).join('');
    expect(outsideMailLines).not.toContain(resetToken);
    expect(text).toContain(resetToken);
    expect(text).not.toMatch(/"p[1-4]"/);
    // Development mode prints the links (that is its purpose): the one exception, by design.
    expect(logs.entries().filter((e) => e.msg === 'email written to file')).not.toHaveLength(0);
    // ...and only in development mode: with SMTP no link reaches the log (see 'mail over SMTP').
  });
});

describe('closing', () => {
  it('sends queued mail (and writes its token) before the app closes', async () => {
    const {app, mail} = await build();
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: {email: 'nobody@example.com'},
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {email: 'late@example.com', password: 'Str0ng-Password', turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX'},
    });
    await app.close();
    expect(await mail.to('late@example.com')).toHaveLength(1);
  });
});

describe('mail over SMTP', () => {
  it('delivers HTML and text through a real SMTP server on 127.0.0.1', async () => {
    const {port, received} = await smtpSink();

    const {app, dataDir, logs} = await build({env: {SMTP_URL: `smtp://127.0.0.1:${port}`}});
    await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'smtp@example.com',
        password: 'Str0ng-Password',
        name: 'Ada',
        turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
      },
    });
    await app.mailer.flush();
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!);
    expect(mail.subject).toBe('Verify your IntakeKit email address');
    expect(mail.to).toBe('smtp@example.com');
    expect(mail.text).toMatch(/Hi Ada,/);
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/verify\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.html).toMatch(/<a href="http:\/\/localhost:3000\/verify\?token=/);
    // SMTP mode writes no files and logs no link.
    await expect(fs.readdir(path.join(dataDir, 'mail'))).rejects.toThrow();
    expect(logs.text).not.toMatch(/verify\?token=/);
  });
});

describe('server process', () => {
  async function startServer(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {...process.env, PORT: '0', HOST: '127.0.0.1', SMTP_URL: '', ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let output = '';
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
        const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`server exited early:\n${output}`)));
    });
    const stop = async () => {
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return {code, output};
    };
    return {url, stop};
  }

  it.runIf(onPostgres)(
    'starts on PostgreSQL when DATABASE_URL is set',
    async () => {
      const schema = `server_${Date.now()}`;
      const admin = new pg.Client({connectionString: process.env.DATABASE_URL});
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      onTestFinished(async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      });
      const url = new URL(process.env.DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const server = await startServer({DATA_DIR: await tempDir(), DATABASE_URL: url.toString()});
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const tables = await admin.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1`, [schema]);
      expect(tables.rows[0].n).toBeGreaterThan(5);
      const {code, output} = await server.stop();
      expect(code).toBe(0);
      expect(output).not.toContain('intakekit:intakekit');
    },
    60_000,
  );

  // PGlite's own start, and a refusal before any database is opened: each run once, in the PGlite pass (the PostgreSQL
  // pass has its start above).
  it.runIf(!onPostgres)(
    'starts on PGlite under DATA_DIR, answers, exits cleanly on SIGTERM, and reopens the same directory',
    async () => {
      const dataDir = await tempDir();
      for (let run = 1; run <= 2; run++) {
        const server = await startServer({DATA_DIR: dataDir, DATABASE_URL: ''});
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        const {code, output} = await server.stop();
        expect(code, output).toBe(0);
        expect(output).toContain('shutting down');
      }
      // The data directory holds the database and the generated secret.
      expect((await fs.stat(path.join(dataDir, 'secret-key'))).mode & 0o777).toBe(0o600);
      await expect(fs.stat(path.join(dataDir, 'db'))).resolves.toBeTruthy();
    },
    90_000,
  );

  it.runIf(!onPostgres)(
    'refuses to start with a bad variable and says which',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: SERVER_DIR,
        env: {...process.env, PORT: 'abc'},
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(output).toContain('PORT must be a whole number');
    },
    30_000,
  );
});

import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {MailSink} from './mail-sink';
import {API_URL, E2E, SITE_URL} from './ports';
import {assertPortFree, waitForUrl, type ManagedProcess} from '../../scripts/lib/processes.mjs';
import {ready, startStackProcess} from './processes';
import {API_LOG, SITE_LOG, recordSecret, recordUrl, recordUrlPassword} from './secrets';

/** Where the API emails production access requests during the run. */
export const OPERATOR_EMAIL = 'ops@intakekit.test';

/** Variables a test may change when it restarts the API (the rest of the environment stays the e2e default). */
export type ApiOverrides = Record<string, string>;

/**
 * The whole end-to-end stack in the Playwright runner's process: a real SMTP sink, the API on a throwaway
 * PGlite directory (or DATABASE_URL when E2E_DATABASE_URL is set), the production build served by
 * scripts/serve-static.mjs, and a small control server through which tests read mail and stop or restart the API.
 */
export class Stack {
  // Verification and reset tokens exist only in the emails: the logs audit must know each one.
  readonly mail = new MailSink((message) => {
    for (const link of message.links) recordUrl(link, `email "${message.subject}" link`);
  });
  private api?: ManagedProcess;
  private site?: ManagedProcess;
  private control?: Server;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'intakekit-e2e-'));

  apiEnv(overrides: ApiOverrides = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(E2E.apiPort),
      DATA_DIR: this.dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      MAIL_FROM: 'IntakeKit <no-reply@intakekit.test>',
      OPERATOR_EMAIL: OPERATOR_EMAIL,
      PORTAL_URL: SITE_URL,
      // The address the portal is built with: a test inbox under it is delivered to, private networks off.
      API_URL,
      // Every browser and worker comes from 127.0.0.1 and signs up many users, two files at a time: the per-address
      // limiters are proven in the API suite, not here.
      AUTH_RATE_LIMIT: '10000',
      SDK_RATE_LIMIT: '10000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      // A busy CI machine stalls the event loop now and then; shedding is proven in the API suite, not here.
      LOAD_SHED_EVENT_LOOP_MS: '0',
      LOG_LEVEL: 'info',
      ...overrides,
    };
  }

  async start(): Promise<void> {
    await assertPortFree(E2E.sitePort, 'the e2e static site');
    await assertPortFree(E2E.apiPort, 'the e2e API');
    await this.mail.listen(E2E.smtpPort);
    await this.startApi();
    this.site = startStackProcess(
      process.execPath,
      [
        'scripts/serve-static.mjs',
        '--dir',
        path.join('.e2e', 'build'),
        '--port',
        String(E2E.sitePort),
        '--host',
        '127.0.0.1',
      ],
      process.env,
      'site',
      SITE_LOG,
    );
    await waitForUrl(`${SITE_URL}/`, {process: this.site, timeoutMs: 60_000, ready});
    this.control = await this.startControl();
  }

  async startApi(overrides: ApiOverrides = {}): Promise<void> {
    await this.stopApi();
    const env = this.apiEnv(overrides);
    this.api = startStackProcess(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], env, 'api', API_LOG);
    await waitForUrl(`${API_URL}/api/health`, {process: this.api, timeoutMs: 60_000, ready});
    this.recordServerSecrets(env);
  }

  /** The API's own secrets are secrets the run used too: none may reach its log either. */
  private recordServerSecrets(env: NodeJS.ProcessEnv): void {
    // Without SECRET_KEY the API generates one in its data directory on first start (server/src/lib/secret-key.ts).
    const keyFile = path.join(this.dataDir, 'secret-key');
    const secretKey = env.SECRET_KEY || (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
    recordSecret('server-secret', secretKey, 'API SECRET_KEY');
    recordSecret('server-secret', env.TURNSTILE_SECRET_KEY, 'API TURNSTILE_SECRET_KEY');
    recordUrlPassword(env.DATABASE_URL, 'API DATABASE_URL password');
    recordUrlPassword(env.SMTP_URL, 'API SMTP_URL password');
  }

  async stopApi(): Promise<void> {
    await this.api?.stop();
    this.api = undefined;
  }

  /**
   * `npm run admin -- <args>` as the operator runs it on the API's machine: the same environment and database. Not
   * spawnSync: the command sends its email to the SMTP sink in this very process, which must keep answering.
   */
  admin(args: string[]): Promise<{code: number | null; output: string}> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/admin/cli.ts', ...args], {
        env: this.apiEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('close', (code) => resolve({code, output}));
    });
  }

  /** Everything the API printed during the run, across every restart (the in-memory copy is the current process's tail). */
  apiLogs(): string {
    return existsSync(API_LOG) ? readFileSync(API_LOG, 'utf8') : '';
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.control ? this.control.close(() => resolve()) : resolve()));
    await this.site?.stop();
    await this.stopApi();
    await this.mail.close();
    rmSync(this.dataDir, {recursive: true, force: true});
  }

  private startControl(): Promise<Server> {
    const server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://control');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {'content-type': 'application/json'});
        res.end(JSON.stringify(body));
      };
      try {
        if (req.method === 'GET' && url.pathname === '/mail') {
          const to = url.searchParams.get('to')?.toLowerCase();
          return send(
            200,
            this.mail.messages.filter((m) => !to || m.to.includes(to)),
          );
        }
        if (req.method === 'POST' && url.pathname === '/api/stop') {
          await this.stopApi();
          return send(200, {ok: true});
        }
        if (req.method === 'POST' && url.pathname === '/api/start') {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const overrides = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as ApiOverrides) : {};
          await this.startApi(overrides);
          return send(200, {ok: true});
        }
        if (req.method === 'POST' && url.pathname === '/admin') {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const {args} = JSON.parse(Buffer.concat(chunks).toString()) as {args: string[]};
          return send(200, await this.admin(args));
        }
        if (req.method === 'GET' && url.pathname === '/api/logs') {
          res.writeHead(200, {'content-type': 'text/plain'});
          return res.end(this.apiLogs());
        }
        send(404, {error: 'unknown control route'});
      } catch (error) {
        send(500, {error: String(error)});
      }
    });
    return new Promise((resolve) => server.listen(E2E.controlPort, '127.0.0.1', () => resolve(server)));
  }
}

// The API must run from a production install. It used to start only through tsx, a
// development dependency of the root, so after `npm install --omit=dev` it did not start. Here a deploy is
// made as an operator would: the compiled server (`npm run build -w server`), its migrations, the workspace
// manifests and the committed lockfile, installed without development dependencies, started with `node`, and then as
// the README says, with `npm start -w server`.
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {startApi, type ApiProcess} from './support/api-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-production-'));
let api: ApiProcess | undefined;

afterAll(async () => {
  if (api && !api.exited) await api.signal('SIGKILL');
  await fs.rm(work, {recursive: true, force: true});
});

describe('a production install of the API', () => {
  it('builds to JavaScript, installs without development dependencies, starts with node, migrates and serves sign-up, and starts with npm start -w server', async () => {
    const deploy = path.join(work, 'app');
    for (const file of [
      'package.json',
      'package-lock.json',
      'server/package.json',
      'sdk/package.json',
      'contract/package.json',
    ]) {
      await fs.mkdir(path.dirname(path.join(deploy, file)), {recursive: true});
      await fs.copyFile(path.join(ROOT, file), path.join(deploy, file));
    }
    await fs.cp(path.join(ROOT, 'server', 'migrations'), path.join(deploy, 'server', 'migrations'), {recursive: true});
    // The build step of a deploy pipeline, with the repository's own TypeScript: the contract the server imports
    // (built in place, as `npm run build -w server` does, and shipped), then the server.
    await run(path.join(ROOT, 'node_modules', '.bin', 'tsc'), [
      '-b',
      path.join(ROOT, 'contract', 'tsconfig.build.json'),
    ]);
    await fs.cp(path.join(ROOT, 'contract', 'dist'), path.join(deploy, 'contract', 'dist'), {recursive: true});
    await run(path.join(ROOT, 'node_modules', '.bin', 'tsc'), [
      '-p',
      path.join(ROOT, 'server', 'tsconfig.build.json'),
      '--outDir',
      path.join(deploy, 'server', 'dist'),
    ]);
    await run('npm', ['install', '--omit=dev', '--workspace', 'server', '--no-audit', '--no-fund'], {
      cwd: deploy,
      maxBuffer: 16 * 1024 * 1024,
    });
    // The server's development dependencies and the portal's build tools (tsx, which the portal's build runs, is a
    // production dependency of the root, and npm places it beside a workspace install).
    for (const devOnly of ['vitest', 'fast-check', 'smtp-server', 'pino-pretty', 'typescript', '@docusaurus/core']) {
      expect(existsSync(path.join(deploy, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    const dataDir = path.join(work, 'data');
    api = await startApi({dataDir, serverDir: path.join(deploy, 'server'), entry: ['dist/server.js']});
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    const signUp = await fetch(`${api.url}/api/auth/register`, {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({
        email: 'ops@clinic.test',
        password: 'Correct-Horse-42',
        turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
      }),
    });
    expect(signUp.status).toBe(201);
    const exit = await api.signal('SIGTERM');
    expect(exit.code).toBe(0);
    expect(api.errorLines()).toEqual([]);

    // As the README's deploy starts it: `npm start -w server`, whose prestart finds the shipped dist/ and builds
    // nothing (there is no TypeScript to build with). --silent: npm's banner lines are not the API's log entries.
    api = await startApi({dataDir, serverDir: deploy, command: ['npm', 'start', '--silent', '-w', 'server']});
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    // npm itself ends by the signal it passed on; what matters is that the API shut down cleanly.
    await api.signal('SIGTERM');
    expect(api.output()).toMatch(/"msg":"shutting down"/);
    expect(api.errorLines()).toEqual([]);
  });
});

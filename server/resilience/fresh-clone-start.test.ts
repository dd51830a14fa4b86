// Every workspace's `start` script works on a fresh clone, where nothing has been built yet: `npm start -w server`
// once failed there for want of server/dist (only the root `npm start`, which runs the sources through tsx, worked).
// The clone is the repository's files as git sees them (tracked and new, never what .gitignore leaves out, so no
// dist/), with the installed packages linked in as `npm install` would have put them.
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {ensureStopped, startApi, type ApiProcess} from './support/api-process.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-fresh-clone-'));
const clone = path.join(work, 'clone');
let api: ApiProcess | undefined;

afterAll(async () => {
  await ensureStopped(api);
  await fs.rm(work, {recursive: true, force: true});
});

interface Manifest {
  workspaces?: string[];
  scripts?: Record<string, string>;
}

async function manifest(dir: string): Promise<Manifest> {
  return JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** The working tree as a fresh clone has it, plus node_modules as `npm install` makes it (workspaces linked to the clone's own). */
async function freshClone(): Promise<void> {
  const {stdout} = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    // A tracked file deleted in the working tree is not in the clone either.
    if (!existsSync(path.join(ROOT, file))) continue;
    await fs.mkdir(path.dirname(path.join(clone, file)), {recursive: true});
    await fs.copyFile(path.join(ROOT, file), path.join(clone, file));
  }
  const modules = path.join(clone, 'node_modules');
  await fs.mkdir(modules);
  const workspaces = (await manifest(ROOT)).workspaces ?? [];
  for (const entry of await fs.readdir(path.join(ROOT, 'node_modules'))) {
    if (entry === '@intakekit') continue;
    await fs.symlink(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  await fs.mkdir(path.join(modules, '@intakekit'));
  for (const workspace of workspaces) {
    const {name} = JSON.parse(await fs.readFile(path.join(clone, workspace, 'package.json'), 'utf8')) as {name: string};
    await fs.symlink(path.join(clone, workspace), path.join(modules, name));
    if (existsSync(path.join(ROOT, workspace, 'node_modules'))) {
      await fs.symlink(path.join(ROOT, workspace, 'node_modules'), path.join(clone, workspace, 'node_modules'));
    }
  }
}

/** The workspaces with a `start` script (each starts the API). */
const WITH_START = ['server'];

describe('a fresh clone', () => {
  it('starts every workspace that has a `start` script, with nothing built beforehand (`npm start -w server`)', async () => {
    await freshClone();
    const workspaces = (await manifest(clone)).workspaces ?? [];
    const withStart = [];
    for (const workspace of workspaces)
      if ((await manifest(path.join(clone, workspace))).scripts?.start) withStart.push(workspace);
    // A workspace that gains a `start` script is added to WITH_START, and to this test.
    expect(withStart.sort()).toEqual(WITH_START);

    for (const workspace of withStart) {
      expect(existsSync(path.join(clone, workspace, 'dist')), `${workspace}/dist in the clone`).toBe(false);
      const started = Date.now();
      api = await startApi({
        dataDir: path.join(work, 'data'),
        serverDir: clone,
        // --silent: npm's own banner lines are not the API's log entries.
        command: ['npm', 'start', '--silent', '-w', workspace],
        // npm, then tsx compiling every module cold: in CI it runs beside the end-to-end tests, and twice printed
        // nothing within 90 s (2026-11-27). What this test checks is that it starts, not how fast.
        startDeadlineMs: 180_000,
      });
      console.log(
        `[resilience] fresh clone: \`npm start -w ${workspace}\` up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
      await api.signal('SIGTERM');
      expect(api.errorLines()).toEqual([]);
    }
  });
});

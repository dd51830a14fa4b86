// The whole build from an install without development dependencies, as a deploy pipeline makes it. In a file of its
// own: CI's end-to-end tests wait for this build (CI builds the portal once), and the API's production install
// (production-install.test.ts), which took 85 s before it in one file, now runs apart, beside the others.
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-production-build-'));

afterAll(() => fs.rm(work, {recursive: true, force: true}));

// The whole build (SDK, contract and server, the portal with its plugins: llms.txt through remark, the OpenAPI
// document through tsx) from an install without development dependencies: whatever the build runs is declared in
// `dependencies`, so a build step that installs with --omit=dev works.
describe('the production build', () => {
  it(
    'builds the SDK, the server and the portal from an install without development dependencies',
    {timeout: 900_000},
    async () => {
      const source = path.join(work, 'source');
      const {stdout} = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
      });
      for (const file of stdout.split('\0').filter(Boolean)) {
        if (!existsSync(path.join(ROOT, file))) continue; // deleted in the working tree
        await fs.mkdir(path.dirname(path.join(source, file)), {recursive: true});
        await fs.copyFile(path.join(ROOT, file), path.join(source, file));
      }
      await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund'], {
        cwd: source,
        maxBuffer: 64 * 1024 * 1024,
      });
      for (const devOnly of ['vitest', '@playwright/test', 'eslint', 'prettier', 'fast-check']) {
        expect(existsSync(path.join(source, 'node_modules', devOnly)), devOnly).toBe(false);
      }
      await run('npm', ['run', 'build'], {cwd: source, maxBuffer: 64 * 1024 * 1024});
      for (const built of ['build/index.html', 'build/llms.txt', 'server/dist/server.js', 'sdk/dist/index.js']) {
        expect(existsSync(path.join(source, built)), built).toBe(true);
      }
      // CI builds the portal once: it runs this test with the e2e stack's addresses and hands the build to the
      // end-to-end run (e2e/global-setup-build.ts), which then serves what a production install built.
      const copyTo = process.env.PRODUCTION_BUILD_COPY_TO;
      if (copyTo) {
        await fs.rm(copyTo, {recursive: true, force: true});
        await fs.cp(path.join(source, 'build'), copyTo, {recursive: true});
      }
    },
  );
});

// The embedded database is one process's: PGlite has no server, and a second process opening the same directory
// corrupts it. A second API (or `npm run admin`) on the same DATA_DIR is refused with what to do; a lock left by
// a process that died is taken over.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it, onTestFinished} from 'vitest';
import {onPostgres} from '../helpers/database.js';
import {failedStart, startServer} from '../helpers/server-process.js';

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-lock-'));
  onTestFinished(() => fs.rm(dir, {recursive: true, force: true}));
  return dir;
}

/** The id of a process that has exited (and so can hold no lock). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {encoding: 'utf8'});
  return Number(child.stdout);
}

describe('the embedded database', () => {
  // The lock guards PGlite's directory; with DATABASE_URL the API opens no directory, so the PostgreSQL pass skips it.
  it.runIf(!onPostgres)(
    'is taken over from a process that died, and refuses a second API on the same DATA_DIR',
    async () => {
      const dataDir = await tempDir();
      const lockFile = path.join(dataDir, 'db', 'intakekit.lock');
      // What a SIGKILLed API leaves behind.
      await fs.mkdir(path.dirname(lockFile), {recursive: true});
      await fs.writeFile(lockFile, String(deadPid()));
      const env = {DATA_DIR: dataDir, DATABASE_URL: ''};
      const first = await startServer(env);

      const second = await failedStart(env);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `API failed to start: The embedded database in ${path.dirname(lockFile)} is open in another process (pid ${first.pid}).`,
      );
      expect(second.output).not.toMatch(/\n\s+at /);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

      const {code} = await first.stop();
      expect(code).toBe(0);
      await expect(fs.access(lockFile)).rejects.toThrow();
    },
    90_000,
  );
});

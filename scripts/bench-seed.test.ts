// The benchmark seeds its databases with the server's own modules. Run as the bench runs it (plain node, the
// modules loaded through tsx), on a fresh PGlite directory: it must migrate and seed users, sessions and keys.
// A loader that gave each module its own copy of the modules it imports once broke every PGlite section.
import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, expect, it} from 'vitest';

const run = promisify(execFile);
const SEED = path.join(__dirname, '..', 'bench', 'lib', 'seed.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'intakekit-bench-seed-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

it('migrates a fresh PGlite and seeds users, sessions and keys with the server modules', async () => {
  const program = `
    const seed = await import(${JSON.stringify(SEED)});
    const counts = await seed.withDb({dataDir: ${JSON.stringify(path.join(dir, 'db'))}}, async (db) => {
      const users = await seed.seedUsers(db, {count: 4, teamSize: 2});
      const sessions = await seed.seedSessions(db, users.map((u) => u.id));
      const keys = await seed.seedKeys(db, users, {perTeam: 3, secretKey: 'a'.repeat(64)});
      return {users: users.length, sessions: sessions.length, keys: keys?.length ?? null};
    });
    console.log(JSON.stringify(counts));
  `;
  const {stdout} = await run(process.execPath, ['--input-type=module', '-e', program], {timeout: 60_000});
  expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({users: 4, sessions: 4, keys: 6});
}, 90_000);

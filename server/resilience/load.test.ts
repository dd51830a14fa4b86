// Load: 200 concurrent sign-ups and 1,000 key operations by 50 concurrent users against
// the real API process over loopback, on PGlite and on PostgreSQL. Afterwards the stored data is
// read with SQL: no 5xx was answered, every acknowledged sign-up and key operation is there exactly
// once, and every invariant of the schema holds.
import {describe, expect, it, onTestFinished} from 'vitest';
import {signIn, signUp, verificationTokens} from './support/accounts.js';
import {ensureStopped, startApi, type ApiProcess} from './support/api-process.js';
import {createTarget, targetNames} from './support/databases.js';
import {HttpTally} from './support/http.js';
import {chainsOf, checkIntegrity, readKeys} from './support/invariants.js';
import {seededRandom, type Random} from './support/random.js';

const SIGN_UPS = 200;
const KEY_USERS = 50;
const OPS_PER_USER = 20; // 50 × 20 = 1,000 key operations

interface ModelKey {
  id: string;
  status: 'active' | 'revoked';
  rotatedFrom: string | null;
}

interface KeyResponseBody {
  apiKey?: string;
  key: {id: string; keyType: string; status: 'active' | 'revoked'};
}

/** One user's keys as the API acknowledged them, and every answer that contradicted that. */
class KeyWorker {
  readonly keys = new Map<string, ModelKey>();
  readonly rotations: Array<{from: string; to: string}> = [];
  readonly mismatches: string[] = [];
  ops = 0;

  constructor(
    private readonly http: HttpTally,
    readonly email: string,
    private readonly token: string,
    private readonly random: Random,
  ) {}

  async run(count: number): Promise<void> {
    while (this.ops < count) {
      const active = [...this.keys.values()].filter((k) => k.status === 'active');
      const roll = this.random.next();
      if (active.length === 0 || roll < 0.25) await this.create();
      else if (roll < 0.5) await this.rotate(this.random.pick(active).id);
      else if (roll < 0.65) await this.revoke(this.random.pick([...this.keys.values()]).id);
      else if (roll < 0.8) await this.list();
      else if (count - this.ops >= 2) await this.raceRotations(this.random.pick(active).id);
      else await this.list();
    }
  }

  private async create(): Promise<void> {
    this.ops++;
    const res = await this.http.send<KeyResponseBody>('POST', '/api/keys/sandbox', {token: this.token});
    if (res.status !== 201) return this.mismatch('create', res);
    this.keys.set(res.body.key.id, {id: res.body.key.id, status: 'active', rotatedFrom: null});
  }

  private async rotate(id: string): Promise<void> {
    this.ops++;
    const res = await this.http.send<KeyResponseBody>('POST', `/api/keys/${id}/rotate`, {token: this.token, body: {}});
    if (res.status !== 200 || res.body.key.status !== 'active') return this.mismatch(`rotate ${id}`, res);
    this.acknowledgeRotation(id, res.body.key.id);
  }

  /** Two rotations of one key at once: exactly one succeeds, the other finds it revoked (404). */
  private async raceRotations(id: string): Promise<void> {
    this.ops += 2;
    const answers = await Promise.all(
      [0, 1].map(() =>
        this.http.send<KeyResponseBody>('POST', `/api/keys/${id}/rotate`, {token: this.token, body: {}}),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 404);
    if (won.length !== 1 || lost.length !== 1) return this.mismatch(`racing rotations of ${id}`, ...answers);
    this.acknowledgeRotation(id, won[0]!.body.key.id);
  }

  private acknowledgeRotation(from: string, to: string): void {
    this.keys.get(from)!.status = 'revoked';
    this.keys.set(to, {id: to, status: 'active', rotatedFrom: from});
    this.rotations.push({from, to});
  }

  private async revoke(id: string): Promise<void> {
    this.ops++;
    const res = await this.http.send<KeyResponseBody>('DELETE', `/api/keys/${id}/revoke`, {
      token: this.token,
      body: {},
    });
    if (res.status !== 200 || res.body.key.status !== 'revoked') return this.mismatch(`revoke ${id}`, res);
    this.keys.get(id)!.status = 'revoked';
  }

  private async list(): Promise<void> {
    this.ops++;
    const res = await this.http.send<{keys: Array<{id: string; status: string}>}>('GET', '/api/keys', {
      token: this.token,
    });
    if (res.status !== 200) return this.mismatch('list', res);
    const listed = res.body.keys.map((k) => `${k.id}:${k.status}`).sort();
    const expected = [...this.keys.values()].map((k) => `${k.id}:${k.status}`).sort();
    if (JSON.stringify(listed) !== JSON.stringify(expected))
      this.mismatches.push(`${this.email} list: ${listed.length} keys, expected ${expected.length}`);
  }

  private mismatch(what: string, ...answers: Array<{status: number; body: unknown}>): void {
    this.mismatches.push(
      `${this.email} ${what}: ${answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join(' | ')}`,
    );
  }
}

describe('load', () => {
  for (const name of targetNames('load.test.ts')) {
    it(`${name}: 200 concurrent sign-ups, then 1,000 key operations by 50 concurrent users; no 5xx, nothing lost or duplicated, every invariant holds`, async () => {
      const random = seededRandom(`load on ${name}`);
      const phases: string[] = [];
      let phaseStart = Date.now();
      const phase = (label: string) => {
        phases.push(`${label} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
        phaseStart = Date.now();
      };
      const target = await createTarget(name);
      const running: {api?: ApiProcess} = {};
      onTestFinished(async () => {
        await ensureStopped(running.api);
        await target.release();
      });
      const api = (running.api = await startApi({dataDir: target.dataDir, databaseUrl: target.databaseUrl}));
      const http = new HttpTally(api.url);
      phase('start');

      // Every fourth account creates a team, so keys of both owners (team and lone user) are exercised.
      const accounts = Array.from({length: SIGN_UPS}, (_, i) => ({
        email: `load-${i}@example.com`,
        teamName: i % 4 === 0 ? `Team ${i}` : undefined,
      }));
      const signUps = await Promise.all(accounts.map((a) => signUp(http, a.email, a.teamName)));
      expect(signUps.map((r) => r.status)).toEqual(accounts.map(() => 201));
      phase('sign-ups');

      const tokens = await verificationTokens(
        target.dataDir,
        accounts.map((a) => a.email),
        () => api.errorLines(),
      );
      const verifications = await Promise.all(
        accounts.map((a) => http.send('GET', `/api/auth/verify?token=${tokens.get(a.email)}`)),
      );
      expect(verifications.map((r) => r.status)).toEqual(accounts.map(() => 200));
      phase('verifications');

      const keyAccounts = accounts.slice(0, KEY_USERS);
      const sessions = await Promise.all(keyAccounts.map((a) => signIn(http, a.email)));
      const workers = keyAccounts.map((a, i) => new KeyWorker(http, a.email, sessions[i]!, random));
      await Promise.all(workers.map((w) => w.run(OPS_PER_USER)));
      const keyOps = workers.reduce((n, w) => n + w.ops, 0);
      phase('sign-ins and key operations');

      expect(http.serverErrors).toEqual([]);
      expect(http.unanswered).toEqual([]);
      expect(workers.flatMap((w) => w.mismatches)).toEqual([]);
      expect(keyOps).toBe(KEY_USERS * OPS_PER_USER);

      // A clean stop, then the data itself.
      const stopped = await api.signal('SIGTERM');
      expect(stopped.code, api.output().slice(-2000)).toBe(0);
      expect(api.errorLines()).toEqual([]);
      phase('stop');

      const checked = await target.inspect(async (query, tools) => {
        const users = await query<{
          email: string;
          verified: boolean;
          id: string;
          team_id: string | null;
          role: string | null;
        }>(
          `SELECT u.email, u.email_verified AS verified, u.id::text, m.team_id::text, m.role
             FROM users u LEFT JOIN team_members m ON m.user_id = u.id`,
        );
        // Every acknowledged sign-up exactly once, verified, with its team when it asked for one.
        expect(users.map((u) => u.email).sort()).toEqual(accounts.map((a) => a.email).sort());
        expect(users.filter((u) => !u.verified)).toEqual([]);
        const byEmail = new Map(users.map((u) => [u.email, u]));
        for (const account of accounts) {
          expect(byEmail.get(account.email)!.role, account.email).toBe(account.teamName ? 'owner' : null);
        }
        const teams = await query<{n: number}>('SELECT count(*)::int AS n FROM teams');
        expect(teams[0]!.n).toBe(accounts.filter((a) => a.teamName).length);
        const usedVerifications = await query<{n: number}>(
          "SELECT count(*)::int AS n FROM email_tokens WHERE purpose = 'verify_email' AND used_at IS NOT NULL",
        );
        expect(usedVerifications[0]!.n).toBe(SIGN_UPS);

        // Every acknowledged key operation, nothing else: same ids, owner, status and predecessor.
        const keys = await readKeys(query);
        const expected = workers.flatMap((w) => {
          const user = byEmail.get(w.email)!;
          return [...w.keys.values()].map((k) => ({
            id: k.id,
            owner: user.team_id ?? user.id,
            key_type: 'sandbox',
            status: k.status,
            rotated_from: k.rotatedFrom,
          }));
        });
        const byId = (a: {id: string}, b: {id: string}) => a.id.localeCompare(b.id);
        expect([...keys].sort(byId)).toEqual(expected.sort(byId));

        // Every acknowledged rotation left exactly one successor, the one the API answered.
        const rotations = workers.flatMap((w) => w.rotations);
        for (const {from, to} of rotations) {
          expect(keys.filter((k) => k.rotated_from === from).map((k) => k.id)).toEqual([to]);
        }
        const {chains, problems} = chainsOf(keys);
        expect(problems).toEqual([]);
        expect(chains.filter((c) => c.active > 1)).toEqual([]);

        const integrity = await checkIntegrity(query, tools);
        expect(integrity.problems).toEqual([]);
        phase('SQL checks');
        return {
          users: users.length,
          keys: keys.length,
          rotations: rotations.length,
          chains: chains.length,
          rows: integrity.rowsChecked,
          indexes: integrity.indexesVerified,
        };
      });

      console.log(
        `[resilience] load on ${name}: ${http.requests} HTTP requests (${http.statusSummary()}), ${SIGN_UPS} sign-ups, ` +
          `${keyOps} key operations by ${KEY_USERS} users (${checked.rotations} rotations acknowledged, ` +
          `${workers.reduce((n, w) => n + w.mismatches.length, 0)} mismatches); checked with SQL: ${checked.users} users, ` +
          `${checked.keys} keys in ${checked.chains} chains, ${checked.rows} rows scanned for duplicates, ${checked.indexes} indexes verified by amcheck; 0 5xx (${phases.join(', ')})`,
      );
    });
  }
});

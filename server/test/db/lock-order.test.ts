// Writers that meet on a key and its owner (a user or team) take their row locks in one order, so PostgreSQL never
// has to abort one of them as a deadlock's victim: the key's row, then the owner's (the key list trigger of migration
// 013). Holding a reference to the owner (a foreign key: a new membership, session or log row) must not block that
// trigger. PGlite runs one statement at a time, so these cycles exist on PostgreSQL alone.
import {sql} from 'kysely';
import {describe, expect, it} from 'vitest';
import {writeUsageBatch} from '../../src/repositories/key-usage-repository.js';
import {addMemberUnlessInTeam, insertTeam} from '../../src/repositories/teams-repository.js';
import {movePersonalKeysToTeam} from '../../src/repositories/api-keys-repository.js';
import type {Db} from '../../src/db/connect.js';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {onPostgres} from '../helpers/database.js';

/** Resolves once another backend of this database waits for a row lock, or the promise settles first. */
async function blockedOrSettled(db: Db, work: Promise<unknown>): Promise<'blocked' | 'settled'> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    if (settled) return 'settled';
    const {rows} = await sql<{waiting: number}>`
      SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()
    `.execute(db);
    if (rows[0]!.waiting > 0) return 'blocked';
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('row lock order between key usage and a user joining a team', () => {
  it.runIf(onPostgres)(
    "a key's use written while its owner joins a team: both commit, the key is the team's with its last use",
    async () => {
      const ctx = await build();
      const token = await signedIn(ctx.app, ctx.mail, 'solo@example.com');
      const {key} = (await authed(ctx.app, token, 'POST', '/api/keys/sandbox')).json();
      const user = await ctx.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'solo@example.com')
        .executeTakeFirstOrThrow();
      const usedAt = new Date('2026-01-15T09:00:01.000Z');
      const batch = {
        requests: [{key_id: key.id, at: usedAt, origin: null, outcome: 'ok', status: 200, latency_ms: 3}],
        lastUsed: new Map([[key.id as string, usedAt]]),
        sessions: [],
        origins: [],
      };

      // The joining transaction's order (services/invitations.ts, services/team-creation.ts): the membership row
      // first (it references the user), then the user's keys. The usage batch writes between the two.
      let usage: Promise<void> | undefined;
      let usageWas: 'blocked' | 'settled' | undefined;
      const teamId = await ctx.app.db.transaction().execute(async (trx) => {
        const team = await insertTeam(trx, 'Solo Clinic', ctx.clock.now());
        await addMemberUnlessInTeam(trx, team, user.id, 'owner', ctx.clock.now());
        usage = writeUsageBatch(ctx.app.db, batch, 100);
        usageWas = await blockedOrSettled(ctx.app.db, usage);
        await movePersonalKeysToTeam(trx, user.id, team);
        return team;
      });
      await usage;

      // The batch had no reason to wait: the membership only references the user.
      expect(usageWas).toBe('settled');
      const row = await ctx.app.db
        .selectFrom('api_keys')
        .select(['team_id', 'user_id', 'last_used_at'])
        .where('id', '=', key.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({team_id: teamId, user_id: null, last_used_at: usedAt});
    },
  );
});

// Signed-in sessions kept in memory (services/state-cache/, migrations/024_session_change_notices.sql): a session's
// second use reads no database, and every change to the session, its user or its team drops it before the change
// is answered, so the next request, on this process or any other, meets the new state. Each case runs several
// rounds: on PostgreSQL the notice reaches the process a moment after the commit, and a race shows only sometimes.
// Across processes on PostgreSQL: server/resilience/two-processes.test.ts.
import {describe, expect, it} from 'vitest';
import {authed, login, signedIn} from '../helpers/accounts.js';
import {build} from '../helpers/app.js';
import {METRICS_TOKEN, metric} from '../helpers/metrics.js';
import {expectError, joinTeam, me, memberId, teamView} from '../team/team-helpers.js';

const ROUNDS = 5;

describe('signed-in sessions kept in memory', () => {
  it("answers a session's later uses from memory and reports hits, misses and entries in /metrics", async () => {
    const {app, mail} = await build({env: {METRICS_TOKEN}});
    const token = await signedIn(app, mail, 'ada@example.com', {teamName: 'Ada Clinic'});
    const misses = await metric(app, 'intakekit_session_cache_misses_total');
    const hits = await metric(app, 'intakekit_session_cache_hits_total');
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await teamView(app, token)).statusCode).toBe(200);
    expect((await authed(app, token, 'GET', '/api/keys')).statusCode).toBe(200);
    expect(await metric(app, 'intakekit_session_cache_misses_total')).toBe(misses + 1);
    expect(await metric(app, 'intakekit_session_cache_hits_total')).toBe(hits + 2);
    expect(await metric(app, 'intakekit_session_cache_entries')).toBe(1);
  });

  it('refuses a kept session at once after logout, and after another browser signs it out', async () => {
    const {app, mail} = await build();
    // Only the rounds' own sessions: the list below then names one other browser.
    const first = await signedIn(app, mail, 'ada@example.com');
    expect((await authed(app, first, 'POST', '/api/auth/logout', {})).statusCode).toBe(204);
    for (let round = 0; round < ROUNDS; round++) {
      const token = (await login(app, 'ada@example.com')).json().token as string;
      expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
      expect((await authed(app, token, 'POST', '/api/auth/logout', {})).statusCode).toBe(204);
      expectError(await authed(app, token, 'GET', '/api/auth/me'), 401, 'SESSION_SIGNED_OUT');

      const other = (await login(app, 'ada@example.com')).json().token as string;
      const here = (await login(app, 'ada@example.com')).json().token as string;
      expect((await authed(app, other, 'GET', '/api/keys')).statusCode).toBe(200);
      const sessions = (await authed(app, here, 'GET', '/api/auth/sessions')).json().sessions as Array<{
        id: string;
        current: boolean;
      }>;
      const otherId = sessions.find((s) => !s.current)!.id;
      expect((await authed(app, here, 'DELETE', `/api/auth/sessions/${otherId}`)).statusCode).toBe(204);
      expectError(await authed(app, other, 'GET', '/api/keys'), 401, 'SESSION_REVOKED');
      expect((await authed(app, here, 'POST', '/api/auth/logout', {})).statusCode).toBe(204);
    }
  });

  it("shows a changed name, a new team role and a removal from the team on the member's next request", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Ada Clinic'});
    const {token: session} = await joinTeam(app, mail, owner, 'member@example.com', {role: 'member'});
    for (let round = 0; round < ROUNDS; round++) {
      expect((await me(app, session)).name).not.toBe(`Member ${round}`);
      const renamed = await authed(app, session, 'PATCH', '/api/auth/profile', {name: `Member ${round}`});
      expect(renamed.statusCode).toBe(200);
      expect((await me(app, session)).name).toBe(`Member ${round}`);
    }
    const id = await memberId(app, owner, 'member@example.com');
    expect((await me(app, session)).team?.role).toBe('member');
    expect((await authed(app, owner, 'PATCH', `/api/team/${id}`, {role: 'admin'})).statusCode).toBe(200);
    expect((await me(app, session)).team?.role).toBe('admin');
    expect((await authed(app, owner, 'DELETE', `/api/team/${id}`)).statusCode).toBe(204);
    expect((await me(app, session)).team).toBeNull();
  });

  it('refuses a kept session at the instant it has been idle too long, from memory', async () => {
    // No rotation meanwhile: the token stays the one kept.
    const {app, mail, clock, config} = await build({config: {sessionRotateAfterMs: 24 * 3600_000}});
    const token = await signedIn(app, mail, 'ada@example.com');
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    clock.advance(config.sessionIdleMs - 1);
    expect((await authed(app, token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    clock.advance(config.sessionIdleMs);
    expectError(await authed(app, token, 'GET', '/api/auth/me'), 401, 'SESSION_IDLE');
  });
});

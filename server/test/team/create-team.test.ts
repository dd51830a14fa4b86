// POST /api/team: a user in no team starts one, as its owner; their own keys become the team's.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {expectRefusal} from '../helpers/refusals.js';
import {expectError, joinTeam, me, teamView} from './team-helpers.js';

describe('POST /api/team', () => {
  it('makes the caller the owner of a new team, moves their keys into it and records it', async () => {
    const {app, mail} = await build();
    const solo = await signedIn(app, mail, 'solo@example.com', {name: 'Sol'});
    const kept = (await authed(app, solo, 'POST', '/api/keys/sandbox', {name: 'Clinic web'})).json();
    const gone = (await authed(app, solo, 'POST', '/api/keys/sandbox')).json();
    await authed(app, solo, 'DELETE', `/api/keys/${gone.key.id}/revoke`, {keyType: 'sandbox'});

    const res = await authed(app, solo, 'POST', '/api/team', {name: '  Solo Clinic '});
    expect(res.statusCode, res.body).toBe(201);
    const team = {id: expect.any(String), name: 'Solo Clinic'};
    expect(res.json()).toEqual({
      team,
      role: 'owner',
      users: [
        {id: expect.any(String), name: 'Sol', email: 'solo@example.com', role: 'owner', joinedAt: expect.any(String)},
      ],
      invitations: [],
    });
    expect((await teamView(app, solo)).json()).toEqual(res.json());
    expect((await me(app, solo)).team).toMatchObject({name: 'Solo Clinic', role: 'owner'});

    // The keys, active and revoked, are the team's now, and the active one still works.
    const keys = await app.db.selectFrom('api_keys').select(['id', 'team_id', 'user_id']).execute();
    expect(keys).toEqual(
      expect.arrayContaining([
        {id: kept.key.id, team_id: res.json().team.id, user_id: null},
        {id: gone.key.id, team_id: res.json().team.id, user_id: null},
      ]),
    );
    const listed = (await authed(app, solo, 'GET', '/api/keys')).json().keys as Array<{id: string; status: string}>;
    expect(listed.map((k) => [k.id, k.status]).sort()).toEqual(
      [
        [kept.key.id, 'active'],
        [gone.key.id, 'revoked'],
      ].sort(),
    );

    const events = (await authed(app, solo, 'GET', '/api/activity?action=team.created')).json().events;
    expect(events).toMatchObject([
      {actor: {email: 'solo@example.com'}, target: {type: 'team', id: res.json().team.id, label: 'Solo Clinic'}},
    ]);
  });

  it('answers 409 ALREADY_IN_TEAM to an owner and to a member; nothing changes', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const member = await joinTeam(app, mail, owner, 'mem@example.com');
    for (const token of [owner, member.token]) {
      expectRefusal(await authed(app, token, 'POST', '/api/team', {name: 'Another'}), 409, {
        code: 'ALREADY_IN_TEAM',
        message: 'You already belong to a team. Leave it before joining another.',
      });
    }
    expect((await me(app, member.token)).team).toMatchObject({name: 'Acme', role: 'member'});
    expect(await app.db.selectFrom('teams').select('id').execute()).toHaveLength(1);
  });

  it('refuses a missing, blank, too long or address-like name (the name rule), and a caller not signed in', async () => {
    const {app, mail} = await build();
    const solo = await signedIn(app, mail, 'solo@example.com');
    expectError(await authed(app, solo, 'POST', '/api/team', {}), 400, 'MISSING_FIELDS');
    expectError(await authed(app, solo, 'POST', '/api/team', {name: '   '}), 400, 'MISSING_FIELDS');
    expect((await authed(app, solo, 'POST', '/api/team', {name: 'x'.repeat(81)})).statusCode).toBe(400);
    expectError(await authed(app, solo, 'POST', '/api/team', {name: 'evil.example.com'}), 400, 'NAME_HAS_ADDRESS');
    expectError(await authed(app, solo, 'POST', '/api/team', {name: 'A\u202eB'}), 400, 'NAME_INVISIBLE_CHARACTERS');
    expect((await app.inject({method: 'POST', url: '/api/team', payload: {name: 'Acme'}})).statusCode).toBe(401);
    expect(await app.db.selectFrom('teams').select('id').execute()).toHaveLength(0);
  });
});

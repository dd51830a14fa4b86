// Who may do what with a team's flows: members read and are refused every write, admins write, another team sees
// nothing; personal flows move into the team their owner joins, and leave with a deleted account.
import {describe, expect, it} from 'vitest';
import {build} from '../helpers/app.js';
import {PASSWORD, signedIn} from '../helpers/accounts.js';
import {teamOfThree} from '../helpers/team.js';
import {invitationToken} from '../team/team-helpers.js';
import {call, doc, expectRefused, question} from './flow-helpers.js';

describe('flow access', () => {
  it('members read and are refused every write; admins write; another team cannot read', async () => {
    const ctx = await build();
    const {app, mail} = ctx;
    const {owner, member, admin} = await teamOfThree(ctx);
    const other = await signedIn(app, mail, 'other@example.com', {teamName: 'Other clinic'});
    expect(
      (await call(app, owner, 'POST', '/api/flows', {flowId: 'intake', template: 'symptom-check'})).statusCode,
    ).toBe(201);
    const document = doc([question('a')]);
    const writes = [
      ['POST', '/api/flows', {flowId: 'mine', questionnaire: document}],
      ['PUT', '/api/flows/intake/draft', {questionnaire: document}],
      ['POST', '/api/flows/intake/publish', {note: 'x'}],
      ['POST', '/api/flows/intake/archive', undefined],
      ['POST', '/api/flows/intake/restore', undefined],
      ['DELETE', '/api/flows/intake', undefined],
    ] as const;
    for (const [method, url, body] of writes) {
      const res = await call(app, member, method, url, body);
      expectRefused(res, 403, 'FORBIDDEN');
    }
    // The member reads what the refusals left as it was.
    const read = await call(app, member, 'GET', '/api/flows/intake');
    expect(read.json().flow).toMatchObject({status: 'draft', latestVersion: null, title: 'Symptom check'});
    expect((await call(app, member, 'GET', '/api/flows')).json().flows).toHaveLength(1);
    expect((await call(app, member, 'GET', '/api/flows/intake/export')).statusCode).toBe(200);
    // An admin writes.
    expect((await call(app, admin, 'POST', '/api/flows/intake/publish', {note: 'By the admin'})).statusCode).toBe(201);
    expect((await call(app, member, 'GET', '/api/flows/intake/versions/1')).json().version).toMatchObject({
      publishedBy: {email: 'admin@example.com'},
    });
    // Another team neither reads nor writes it, and may use the same id for its own.
    for (const url of ['/api/flows/intake', '/api/flows/intake/versions/1', '/api/flows/intake/export?version=1']) {
      expectRefused(await call(app, other, 'GET', url), 404, 'FLOW_NOT_FOUND');
    }
    expectRefused(await call(app, other, 'POST', '/api/flows/intake/archive'), 404, 'FLOW_NOT_FOUND');
    expect((await call(app, other, 'GET', '/api/flows')).json().flows).toEqual([]);
    expect((await call(app, other, 'POST', '/api/flows', {flowId: 'intake', template: 'new-patient'})).statusCode).toBe(
      201,
    );
  });

  it("moves personal flows into the team their owner joins, and deletes a deleted account's own", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const solo = await signedIn(app, mail, 'solo@example.com');
    const leaving = await signedIn(app, mail, 'leaving@example.com');
    await call(app, owner, 'POST', '/api/flows', {flowId: 'intake', template: 'new-patient'});
    // Without a team, a user writes their own flows.
    for (const flowId of ['intake', 'follow-up']) {
      expect((await call(app, solo, 'POST', '/api/flows', {flowId, template: 'annual-checkup'})).statusCode).toBe(201);
    }
    expect((await call(app, solo, 'POST', '/api/flows/follow-up/publish', {note: 'Mine'})).statusCode).toBe(201);
    await call(app, leaving, 'POST', '/api/flows', {flowId: 'gone', template: 'new-patient'});

    await call(app, owner, 'POST', '/api/team/add', {email: 'solo@example.com'});
    const accepted = await call(app, solo, 'POST', '/api/invitations/accept', {
      token: await invitationToken(mail, 'solo@example.com'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The team's own "intake" stays; the joiner's keeps its document under a new id; versions move with their flow.
    const flows = (await call(app, owner, 'GET', '/api/flows')).json().flows as Array<{flowId: string; title: string}>;
    expect(flows.map((flow) => flow.flowId)).toEqual([
      'follow-up',
      'intake',
      expect.stringMatching(/^intake-[0-9a-f]{8}$/),
    ]);
    expect(flows.find((flow) => flow.flowId === 'intake')!.title).toBe('New patient');
    expect((await call(app, owner, 'GET', '/api/flows/follow-up/versions/1')).json().version.note).toBe('Mine');

    // A deleted account's personal flows go with it; a team flow it wrote stays, its author no longer named.
    const deleted = await call(app, leaving, 'DELETE', '/api/auth/account', {password: PASSWORD});
    expect(deleted.statusCode).toBe(204);
    expect(await app.db.selectFrom('flows').select('flow_id').where('flow_id', '=', 'gone').execute()).toEqual([]);
    // A user who starts a team takes their flows into it.
    await call(app, solo, 'POST', '/api/team/leave');
    await call(app, solo, 'POST', '/api/flows', {flowId: 'own', template: 'new-patient'});
    expect((await call(app, solo, 'POST', '/api/team', {name: 'Solo clinic'})).statusCode).toBe(201);
    expect((await call(app, solo, 'GET', '/api/flows')).json().flows).toMatchObject([{flowId: 'own'}]);
    expect((await call(app, solo, 'DELETE', '/api/auth/account', {password: PASSWORD})).statusCode).toBe(204);
    const kept = (await call(app, owner, 'GET', '/api/flows/follow-up')).json().flow;
    expect(kept).toMatchObject({draftUpdatedBy: null, versions: [{number: 1, publishedBy: null, note: 'Mine'}]});
  });
});

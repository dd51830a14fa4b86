// A user without a team owns their submissions, as they own their keys; when they start or join a team, their
// submissions move into it with their keys, so the team that now holds the keys holds what the keys received.
import {describe, expect, it} from 'vitest';
import {authed} from '../helpers/accounts.js';
import {build} from '../helpers/app.js';
import {readSubmission, retentionDays, setRetentionDays} from '../../src/services/submissions.js';
import {accept, invitationToken, invite} from '../team/team-helpers.js';
import {clinic} from './submissions-helpers.js';

describe('a personal submission', () => {
  it('moves into the team its owner starts, with the retention the owner set', async () => {
    const ctx = await build();
    const {app, config} = ctx;
    const solo = await clinic(ctx, 'solo@example.com');
    const {id} = await solo.submit();
    await setRetentionDays(app.db, config, solo.owner, 'sandbox', 3);

    expect((await authed(app, solo.session, 'POST', '/api/team', {name: 'Solo Clinic'})).statusCode).toBe(201);
    const {team_id: teamId} = await app.db
      .selectFrom('api_keys')
      .select('team_id')
      .where('id', '=', solo.keyId)
      .executeTakeFirstOrThrow();
    const team = {teamId: teamId!};
    expect((await readSubmission(solo.service, team, id))?.meta).toMatchObject({team_id: teamId, user_id: null});
    expect(await readSubmission(solo.service, solo.owner, id)).toBeUndefined();
    expect(await retentionDays(app.db, team)).toEqual({sandbox: 3, production: 30});
    expect(await app.db.selectFrom('submission_retention').select('team_id').execute()).toEqual([{team_id: teamId}]);
  });

  it('moves into the team its owner joins, whose retention stays the team’s own', async () => {
    const ctx = await build();
    const {app, config, mail} = ctx;
    const acme = await clinic(ctx, 'owner@example.com', 'Acme Health');
    await setRetentionDays(app.db, config, acme.owner, 'sandbox', 14);
    const solo = await clinic(ctx, 'solo@example.com');
    const {id} = await solo.submit();
    await setRetentionDays(app.db, config, solo.owner, 'sandbox', 3);
    await setRetentionDays(app.db, config, solo.owner, 'production', 60);

    await invite(app, acme.session, 'solo@example.com');
    expect((await accept(app, solo.session, await invitationToken(mail, 'solo@example.com'))).statusCode).toBe(200);
    expect((await readSubmission(acme.service, acme.owner, id))?.meta.user_id).toBeNull();
    expect(await readSubmission(solo.service, solo.owner, id)).toBeUndefined();
    expect(await retentionDays(app.db, acme.owner)).toEqual({sandbox: 14, production: 30});
    expect(await retentionDays(app.db, solo.owner)).toEqual({sandbox: 7, production: 30});
  });
});

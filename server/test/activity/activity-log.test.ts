// The activity log: one event per action, each performed through the API and read back; who sees what;
// the filters and pages; the CSV export; and a table the database itself keeps append-only.
import {setAccess} from '../../src/admin/production-access-commands.js';
import type {FastifyInstance} from 'fastify';
import {sql} from 'kysely';
import {describe, expect, it} from 'vitest';
import {totpCode} from '../../src/lib/totp.js';
import {build, type TestContext} from '../helpers/app.js';
import {SoftwareAuthenticator} from '../helpers/software-authenticator.js';
import {PASSWORD, authed, login, post, register, signedIn, verify} from '../helpers/accounts.js';
import {invitationToken, joinTeam} from '../team/team-helpers.js';
import {ACTIVITY_ACTION_NAMES} from '@intakekit/contract/activity';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import {exampleAnswers} from '@intakekit/contract/answers';
import {resolveSecretKey} from '../../src/lib/secret-key.js';
import {recordSubmission, submissionsBox} from '../../src/services/submissions.js';
import type {ActivityEventBody} from '@intakekit/contract/schemas/activity';

const DAY = 86_400_000;

async function events(app: FastifyInstance, token: string, query = ''): Promise<ActivityEventBody[]> {
  const all: ActivityEventBody[] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '';
    const url: string = `/api/activity?${query}${cursor ? `${separator}before=${cursor}` : ''}`;
    const res = await authed(app, token, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    all.push(...res.json().events);
    cursor = res.json().nextCursor;
  } while (cursor);
  return all;
}

async function twoFactorOn({app, clock}: TestContext, token: string): Promise<string> {
  const {secret} = (await authed(app, token, 'POST', '/api/auth/two-factor/setup')).json();
  await authed(app, token, 'POST', '/api/auth/two-factor/enable', {code: totpCode(secret, clock.now())});
  return secret as string;
}

describe('the activity log', () => {
  it('records one event for every action, each done through the API, and the owner reads them back', async () => {
    const ctx = await build();
    const {app, mail, clock} = ctx;
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const member = await joinTeam(app, mail, owner, 'member@example.com');

    // Sign-ins: refused, locked, then the owner's keys, sessions, password and two-factor.
    await login(app, 'member@example.com', 'Wrong-Password-1');
    for (let i = 0; i < 5; i++) await login(app, 'member@example.com', 'Wrong-Password-2');
    const created = (await authed(app, owner, 'POST', '/api/keys/sandbox', {name: 'Clinic web'})).json().key;
    await authed(app, owner, 'PATCH', `/api/keys/${created.id}`, {name: 'Clinic web 2'});
    const rotated = (await authed(app, owner, 'POST', `/api/keys/${created.id}/rotate`, {keyType: 'sandbox'})).json();
    await authed(app, owner, 'DELETE', `/api/keys/${rotated.key.id}/revoke`, {keyType: 'sandbox'});
    const other = (await login(app, 'owner@example.com')).json().token;
    const otherId = (await authed(app, owner, 'GET', '/api/auth/sessions'))
      .json()
      .sessions.find((s: {current: boolean}) => !s.current).id;
    await authed(app, owner, 'DELETE', `/api/auth/sessions/${otherId}`);
    expect((await authed(app, other, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const changed = await authed(app, owner, 'POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Another-Horse-77',
    });
    const ownerNow = String(changed.headers['x-new-token']);
    const secret = await twoFactorOn(ctx, ownerNow);
    const next = (steps: number) => totpCode(secret, new Date(clock.now().getTime() + steps * 30_000));
    const codes = (await authed(app, ownerNow, 'POST', '/api/auth/two-factor/recovery-codes', {code: next(1)})).json()
      .recoveryCodes as string[];
    const challenge = (await login(app, 'owner@example.com', 'Another-Horse-77')).json().challengeToken;
    const signedInAgain = (
      await post(app, '/api/auth/login/two-factor', {challengeToken: challenge, code: codes[0]})
    ).json().token as string;
    await authed(app, signedInAgain, 'PATCH', '/api/team/settings', {requireTwoFactor: true});
    await authed(app, signedInAgain, 'PATCH', '/api/team/settings', {requireTwoFactor: false});
    await authed(app, signedInAgain, 'POST', '/api/auth/two-factor/disable', {
      password: 'Another-Horse-77',
      code: codes[1],
    });
    const device = new SoftwareAuthenticator({origin: new URL(ctx.config.portalUrl).origin});
    const prompt = await authed(app, signedInAgain, 'POST', '/api/auth/passkeys/options', {
      password: 'Another-Horse-77',
    });
    const passkey = await authed(app, signedInAgain, 'POST', '/api/auth/passkeys', {
      credential: device.create(prompt.json()),
    });
    await authed(app, signedInAgain, 'DELETE', `/api/auth/passkeys/${passkey.json().id}`);

    // The team: invitations sent, resent, revoked, declined, accepted; roles, removal, leaving, transfer.
    const invited = (await authed(app, signedInAgain, 'POST', '/api/team/add', {email: 'later@example.com'})).json()
      .invitation;
    // A key that expires within the two minutes before a resend may go out; the expiry job records it.
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    await authed(app, signedInAgain, 'POST', '/api/keys/sandbox', {name: 'Short-lived', expiresAt});
    clock.advance(2 * 60_000);
    expect((await app.scheduler.run('key-expiry-reminders')).ran).toBe(true);
    await authed(app, signedInAgain, 'POST', `/api/team/invitations/${invited.id}/resend`);
    await authed(app, signedInAgain, 'DELETE', `/api/team/invitations/${invited.id}`);
    await authed(app, signedInAgain, 'POST', '/api/team/add', {email: 'no@example.com'});
    await post(app, '/api/invitations/decline', {token: await invitationToken(mail, 'no@example.com')});
    const admin = await joinTeam(app, mail, signedInAgain, 'admin@example.com');
    await authed(app, signedInAgain, 'PATCH', `/api/team/${admin.id}`, {role: 'admin'});
    const leaver = await joinTeam(app, mail, signedInAgain, 'leaver@example.com');
    await authed(app, leaver.token, 'POST', '/api/team/leave');
    await authed(app, leaver.token, 'POST', '/api/team', {name: 'Leaver Clinic'});
    await authed(app, signedInAgain, 'DELETE', `/api/team/${member.id}`);
    // Production access: asked for by the owner, granted and withdrawn by the operator's command.
    await authed(app, signedInAgain, 'POST', '/api/team/production-access', {
      plans: 'Intake forms for our three clinics in Leeds.',
      monthlyIntakes: 'up-to-1k',
    });
    const operator = {db: app.db, mailer: app.mailer, config: ctx.config};
    await setAccess(operator, 'owner@example.com', true, () => {});
    // A production submission: its answers read by the owner (recorded), then deleted.
    const productionKey = (
      await authed(app, signedInAgain, 'POST', '/api/keys/production', {name: 'Clinic site'})
    ).json().key.id as string;
    const newPatient = findFlow('new-patient')!;
    const box = submissionsBox(await resolveSecretKey(ctx.config.secretKey, ctx.config.dataDir));
    const {id: submissionId} = await recordSubmission(
      {db: app.db, box, config: ctx.config},
      {
        keyId: productionKey,
        keyType: 'production',
        env: 'pro',
        sessionId: crypto.randomUUID(),
        origin: 'https://clinic.example',
        flow: newPatient,
        answers: exampleAnswers(newPatient),
      },
    );
    expect((await authed(app, signedInAgain, 'GET', `/api/submissions/${submissionId}`)).statusCode).toBe(200);
    expect((await authed(app, signedInAgain, 'DELETE', `/api/submissions/${submissionId}`)).statusCode).toBe(204);
    await setAccess(operator, 'owner@example.com', false, () => {});
    await authed(app, signedInAgain, 'POST', '/api/team/transfer', {userId: admin.id, password: 'Another-Horse-77'});

    // A webhook endpoint: created, changed, its secret shown and rolled, a test event sent and resent, failed
    // deliveries recovered, then deleted.
    const hook = (
      await authed(app, signedInAgain, 'POST', '/api/webhooks', {
        environment: 'sandbox',
        url: 'https://hooks.example.com/intake',
        eventTypes: ['submission.created'],
      })
    ).json().endpoint.id as string;
    const hookPath = `/api/webhooks/${hook}`;
    await authed(app, signedInAgain, 'PATCH', hookPath, {description: 'EHR bridge'});
    await authed(app, signedInAgain, 'POST', `${hookPath}/secret`);
    await authed(app, signedInAgain, 'POST', `${hookPath}/secret/roll`);
    await authed(app, signedInAgain, 'POST', `${hookPath}/test`);
    const [delivery] = (await authed(app, signedInAgain, 'GET', `${hookPath}/deliveries`)).json().deliveries;
    await authed(app, signedInAgain, 'POST', `${hookPath}/deliveries/${delivery.id}/resend`);
    await authed(app, signedInAgain, 'POST', `${hookPath}/recover`, {since: clock.now().toISOString()});
    await authed(app, signedInAgain, 'DELETE', hookPath);

    // Flows: one created, published, archived and restored; one never published, created and deleted.
    for (const flowId of ['intake', 'scratch']) {
      await authed(app, signedInAgain, 'POST', '/api/flows', {flowId, template: 'new-patient'});
    }
    for (const step of ['publish', 'archive', 'restore']) {
      expect((await authed(app, signedInAgain, 'POST', `/api/flows/intake/${step}`)).statusCode).toBeLessThan(300);
    }
    expect((await authed(app, signedInAgain, 'DELETE', '/api/flows/scratch')).statusCode).toBe(204);

    // An account of its own: verified, reset, signed out, deleted.
    await register(app, 'solo@example.com');
    await verify(app, mail, 'solo@example.com');
    await post(app, '/api/auth/forgot-password', {email: 'solo@example.com'});
    const reset = await mail.lastToken('solo@example.com', 'reset-password');
    await post(app, '/api/auth/reset-password', {token: reset, newPassword: 'Fresh-Horse-881'});
    const solo = (await login(app, 'solo@example.com', 'Fresh-Horse-881')).json().token;
    await authed(app, solo, 'POST', '/api/auth/logout');
    const soloAgain = (await login(app, 'solo@example.com', 'Fresh-Horse-881')).json().token;
    const soloEvents = await events(app, soloAgain);
    await authed(app, soloAgain, 'GET', '/api/activity/export');
    await authed(app, soloAgain, 'DELETE', '/api/auth/account', {password: 'Fresh-Horse-881'});

    // An account recovered without its authenticator: started, cancelled, started again and completed.
    await register(app, 'lost@example.com');
    await verify(app, mail, 'lost@example.com');
    await twoFactorOn(ctx, (await login(app, 'lost@example.com')).json().token);
    for (const step of ['cancel', 'complete']) {
      await post(app, '/api/auth/forgot-password', {email: 'lost@example.com'});
      const link = await mail.lastToken('lost@example.com', 'reset-password');
      await post(app, '/api/auth/account-recovery', {token: link, newPassword: 'Found-Horse-552'});
      if (step === 'cancel') {
        const cancel = /\/cancel-recovery\?token=([\w-]+)/.exec((await mail.to('lost@example.com')).at(-1)!.text)![1];
        await post(app, '/api/auth/account-recovery/cancel', {token: cancel});
      }
    }
    // The wait is over (the clock stays put: the sessions read below would end idle).
    await app.db.updateTable('account_recoveries').set({ends_at: clock.now()}).execute();
    expect((await app.scheduler.run('account-recovery')).ran).toBe(true);

    const rows = await app.db.selectFrom('activity_events').select('action').execute();
    const recorded = new Set(rows.map((r) => r.action));
    expect([...ACTIVITY_ACTION_NAMES].filter((action) => !recorded.has(action))).toEqual([]);

    // The owner (an admin since the transfer) reads the team's log: its events, newest first, with who and what.
    const team = await events(app, signedInAgain);
    const ids = team.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(team.find((e) => e.action === 'key.created' && e.target?.id === created.id)).toMatchObject({
      actor: {email: 'owner@example.com'},
      target: {type: 'key', id: created.id, label: expect.stringMatching(/^Clinic web \(ending \w{8}\)$/)},
      result: 'success',
      ipAddress: '127.0.0.1',
      userAgent: 'lightMyRequest',
    });
    expect(team.find((e) => e.action === 'sign-in.locked')).toMatchObject({
      actor: {email: 'member@example.com'},
      result: 'failure',
    });
    expect(team.find((e) => e.action === 'invitation.accepted')).toMatchObject({actor: {email: 'leaver@example.com'}});
    // A removal names the address removed (the id alone says nothing to a reader).
    expect(team.find((e) => e.action === 'member.removed')).toMatchObject({
      target: {type: 'member', id: member.id, label: 'member@example.com'},
    });
    expect(team.find((e) => e.action === 'invitation.declined')).toMatchObject({
      actor: {id: null, email: 'no@example.com'},
    });
    // Nothing of the account without a team; and its own log had its own events only.
    expect(team.some((e) => e.actor?.email === 'solo@example.com')).toBe(false);
    expect(new Set(soloEvents.map((e) => e.actor?.email))).toEqual(new Set(['solo@example.com']));
    // The deleted account's events outlive it.
    expect(rows.filter((r) => r.action === 'account.deleted')).toHaveLength(1);
  });

  it('shows a member their own events only, and the team’s to owners and admins; filters and pages', async () => {
    const {app, mail, clock} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    const member = await joinTeam(app, mail, owner, 'member@example.com');
    for (let i = 0; i < 45; i++) await authed(app, owner, 'POST', '/api/keys/sandbox', {name: `Key ${i}`});
    clock.advance(DAY);
    const memberToday = (await login(app, 'member@example.com')).json().token;
    await authed(app, memberToday, 'POST', '/api/auth/logout');
    const ownerToday = (await login(app, 'owner@example.com')).json().token;

    const mine = await events(app, (await login(app, 'member@example.com')).json().token);
    expect(mine.every((e) => e.actor?.email === 'member@example.com')).toBe(true);
    expect(mine.map((e) => e.action)).toContain('sign-out');

    const first = (await authed(app, ownerToday, 'GET', '/api/activity')).json();
    expect(first.scope).toBe('team');
    expect(first.events).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.stringMatching(/^\d+$/));
    const keys = await events(app, ownerToday, 'action=key.created');
    expect(keys).toHaveLength(45);
    const byMember = await events(app, ownerToday, `actorId=${member.id}`);
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((e) => e.actor?.id === member.id)).toBe(true);
    // Days are UTC and both ends are included: the keys were made on the first day, the sign-out on the next.
    expect(await events(app, ownerToday, 'action=key.created&from=2026-01-16&to=2026-01-16')).toEqual([]);
    expect(await events(app, ownerToday, 'action=key.created&from=2026-01-15&to=2026-01-15')).toHaveLength(45);
    expect((await events(app, ownerToday, 'action=sign-out&from=2026-01-16')).map((e) => e.actor?.email)).toEqual([
      'member@example.com',
    ]);
    const backwards = await authed(app, ownerToday, 'GET', '/api/activity?from=2026-01-16&to=2026-01-15');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toEqual({
      code: 'INVALID_ACTIVITY_FILTER',
      message: 'Pick a start date on or before the end date.',
    });
    // Reading the log is itself recorded, once per first page.
    expect((await events(app, ownerToday, 'action=activity.viewed')).length).toBeGreaterThan(0);
  });

  it('exports the filtered log as CSV whose cells a spreadsheet cannot run as formulas', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    await authed(app, owner, 'POST', '/api/keys/sandbox', {name: '=HYPERLINK("https://evil.example","x")'});
    await authed(app, owner, 'POST', '/api/keys/sandbox', {name: '@SUM(1+1)'});
    const res = await authed(app, owner, 'GET', '/api/activity/export?action=key.created');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="intakekit-activity.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    // The action as the page names it, then its stable code.
    expect(lines[0]).toBe('"Time (UTC)","Person","Action","Action code","Target","IP address","User agent","Result"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'@SUM(1+1) (ending `);
    expect(lines[2]).toContain(`"'=HYPERLINK(""https://evil.example"",""x"") (ending `);
    for (const line of lines.slice(1))
      expect(line).toMatch(/^"2026-01-15T09:00:00\.000Z","owner@example\.com","API key created","key\.created",/);
    expect((await events(app, owner, 'action=activity.exported')).length).toBe(1);
  });

  it('is append-only in the database: UPDATE and DELETE are refused; only the retention purge removes events', async () => {
    const {app, mail, clock, config} = await build();
    const token = await signedIn(app, mail, 'ada@example.com');
    await authed(app, token, 'POST', '/api/auth/logout');
    await expect(sql`UPDATE activity_events SET action = 'sign-in'`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM activity_events`.execute(app.db)).rejects.toThrow(/append-only/);
    const count = async () => (await app.db.selectFrom('activity_events').select('id').execute()).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);

    // Kept ACTIVITY_RETENTION_DAYS (six years by default), then purged by housekeeping.
    expect(config.activityRetentionDays).toBe(2190);
    clock.advance(2189 * DAY);
    await login(app, 'ada@example.com');
    expect((await app.scheduler.run('housekeeping')).ran).toBe(true);
    expect(await count()).toBe(before + 1);
    clock.advance(2 * DAY);
    await app.scheduler.run('housekeeping');
    expect(await count()).toBe(1);
    // The purge's permission ended with its transaction.
    await expect(sql`DELETE FROM activity_events`.execute(app.db)).rejects.toThrow(/append-only/);
  });
});

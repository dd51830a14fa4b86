// Production access: the team's owner asks (what the clinic plans, the expected volume), the operator is emailed,
// grants or withdraws it with `npm run admin` (its commands module here; the process itself in
// e2e/production-access.spec.ts), the owner is emailed, and production keys follow. Refusals change nothing.
import type {FastifyInstance} from 'fastify';
import {describe, expect, it} from 'vitest';
import {listRequests, setAccess} from '../../src/admin/production-access-commands.js';
import {build, type TestContext} from '../helpers/app.js';
import {authed, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';
import type {LightMyRequestResponse} from 'fastify';
import {joinTeam} from './team-helpers.js';

const PLANS = 'Pre-visit intake for our 12 physiotherapy clinics, replacing paper forms.';
const OPERATOR = 'ops@intakekit.example';

async function clinic({app, mail}: TestContext) {
  const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olu Owner', teamName: 'Acme Physio'});
  const admin = await joinTeam(app, mail, owner, 'admin@example.com', {role: 'admin'});
  const member = await joinTeam(app, mail, owner, 'member@example.com');
  return {owner, admin: admin.token, member: member.token};
}

/** The refusal people see: its status, code and (where given) the message. */
function refused(res: LightMyRequestResponse, status: number, code: string, message?: string): void {
  const error = res.json().error as {code: string; message: string};
  expect({status: res.statusCode, code: error.code}).toEqual({status, code});
  if (message) expect(error.message).toBe(message);
}

const access = (app: FastifyInstance, token: string) => authed(app, token, 'GET', '/api/team/production-access');
const ask = (app: FastifyInstance, token: string, body: Record<string, unknown>) =>
  authed(app, token, 'POST', '/api/team/production-access', body);

function operator(context: TestContext) {
  const lines: string[] = [];
  const commands = {db: context.app.db, mailer: context.app.mailer, config: context.config};
  return {
    lines,
    grant: (reference: string) => setAccess(commands, reference, true, (l) => lines.push(l)),
    withdraw: (reference: string) => setAccess(commands, reference, false, (l) => lines.push(l)),
    list: () => listRequests(context.app.db, (l) => lines.push(l)),
  };
}

describe('asking for production access', () => {
  it("the owner's request is stored, emailed to the operator and shown to the team; a second one is refused", async () => {
    const context = await build({env: {OPERATOR_EMAIL: OPERATOR}});
    const {app, mail} = context;
    const t = await clinic(context);
    expect((await access(app, t.member)).json()).toEqual({status: 'not-requested', request: null});

    const asked = await ask(app, t.owner, {plans: `  ${PLANS}\n`, monthlyIntakes: '1k-10k'});
    expect(asked.statusCode).toBe(201);
    const request = {
      requestedAt: '2026-01-15T09:00:00.000Z',
      requestedBy: {name: 'Olu Owner', email: 'owner@example.com'},
      plans: PLANS,
      monthlyIntakes: '1k-10k',
    };
    expect(asked.json()).toEqual({status: 'pending', request});
    expect((await access(app, t.member)).json()).toEqual({status: 'pending', request});

    const [toOperator, ...more] = await mail.to(OPERATOR);
    expect(more).toEqual([]);
    expect(toOperator!.subject).toBe('Production access requested on IntakeKit');
    const teamId = (await authed(app, t.owner, 'GET', '/api/team')).json().team.id as string;
    expect(toOperator!.text).toContain(
      `The owner of the team “Acme Physio” (id ${teamId}), owner@example.com, asked for production access.`,
    );
    expect(toOperator!.text).toContain('Expected volume: 1,000 to 10,000 intakes a month.');
    expect(toOperator!.text).toContain(PLANS);
    expect(toOperator!.text).toContain(`npm run admin -- production-ready ${teamId}`);

    const before = await rowCounts(app.db);
    refused(
      await ask(app, t.owner, {plans: PLANS, monthlyIntakes: 'over-100k'}),
      409,
      'PRODUCTION_ACCESS_PENDING',
      'Your team has already asked for production access. We will email the owner when it is ready.',
    );
    expect(await rowCounts(app.db)).toEqual(before);
    const events = (await authed(app, t.owner, 'GET', '/api/activity?action=production-access.requested')).json();
    expect(events.events.map((e: {actor: {email: string}}) => e.actor.email)).toEqual(['owner@example.com']);
  });

  it('admins and members may not ask, a user without a team has nothing to ask for, and bad requests say why', async () => {
    const context = await build({env: {OPERATOR_EMAIL: OPERATOR}});
    const {app, mail} = context;
    const t = await clinic(context);
    const solo = await signedIn(app, mail, 'solo@example.com');
    const before = await rowCounts(app.db);
    const good = {plans: PLANS, monthlyIntakes: 'up-to-1k'};
    refused(await ask(app, t.admin, good), 403, 'FORBIDDEN');
    refused(await ask(app, t.member, good), 403, 'FORBIDDEN');
    refused(await ask(app, solo, good), 404, 'NOT_FOUND');
    refused(await access(app, solo), 404, 'NOT_FOUND');
    const tooShort = 'Tell us a little more about what the clinic plans (at least 20 characters).';
    refused(await ask(app, t.owner, {...good, plans: 'Intake forms'}), 400, 'PRODUCTION_PLANS_TOO_SHORT', tooShort);
    // Spaces around the text do not count.
    refused(
      await ask(app, t.owner, {...good, plans: `${' '.repeat(30)}x`}),
      400,
      'PRODUCTION_PLANS_TOO_SHORT',
      tooShort,
    );
    const noVolume = 'Pick the number of intakes you expect each month.';
    refused(await ask(app, t.owner, {plans: PLANS}), 400, 'PRODUCTION_VOLUME_REQUIRED', noVolume);
    refused(await ask(app, t.owner, {...good, monthlyIntakes: 'lots'}), 400, 'PRODUCTION_VOLUME_REQUIRED', noVolume);
    expect(await rowCounts(app.db)).toEqual(before);
    expect(await mail.to(OPERATOR)).toEqual([]);
  });

  it('without OPERATOR_EMAIL the request is stored and listed by the admin command', async () => {
    const context = await build();
    const {app, mail} = context;
    const t = await clinic(context);
    const ops = operator(context);
    await ops.list();
    expect(ops.lines).toEqual(['No production access request is waiting.']);
    expect((await ask(app, t.owner, {plans: `${PLANS}\nSecond line.`, monthlyIntakes: 'over-100k'})).statusCode).toBe(
      201,
    );
    ops.lines.length = 0;
    await ops.list();
    expect(ops.lines[0]).toMatch(
      /^[0-9a-f-]{36} {2}“Acme Physio” {2}asked 2026-01-15T09:00:00.000Z by owner@example.com$/,
    );
    expect(ops.lines.slice(1)).toEqual([
      '  More than 100,000 intakes a month',
      `  | ${PLANS}`,
      '  | Second line.',
      'Grant one with: npm run admin -- production-ready <team id or owner email>',
    ]);
    // Only the account emails of the set-up were sent.
    expect((await mail.all()).every((m) => !/production/i.test(m.subject))).toBe(true);
  });
});

describe("the operator's answer", () => {
  it('granting lets the team create production keys, emails the owner and is logged; withdrawing stops new ones', async () => {
    const context = await build({env: {OPERATOR_EMAIL: OPERATOR}});
    const {app, mail} = context;
    const t = await clinic(context);
    const ops = operator(context);
    await ask(app, t.owner, {plans: PLANS, monthlyIntakes: '1k-10k'});
    refused(await authed(app, t.member, 'POST', '/api/keys/production'), 403, 'PRODUCTION_NOT_READY');

    await ops.grant('OWNER@example.com');
    const teamId = (await authed(app, t.owner, 'GET', '/api/team')).json().team.id as string;
    expect(ops.lines).toEqual([
      `“Acme Physio” (${teamId}, owner owner@example.com) can now create production keys. The owner is emailed.`,
    ]);
    expect((await access(app, t.member)).json().status).toBe('ready');
    const granted = (await mail.to('owner@example.com')).at(-1)!;
    expect(granted.subject).toBe('Your team “Acme Physio” can now create production keys');
    expect(granted.text).toContain('Hi Olu Owner,');
    expect(granted.text).toContain('Open API Keys: http://localhost:3000/api-keys');
    const key = await authed(app, t.member, 'POST', '/api/keys/production');
    expect(key.statusCode).toBe(201);
    expect(key.json().apiKey).toMatch(/^ik_production_/);
    refused(
      await ask(app, t.owner, {plans: PLANS, monthlyIntakes: '1k-10k'}),
      409,
      'PRODUCTION_ALREADY_READY',
      'Your team already has production access. Create a production key on the API Keys page.',
    );
    // Granting again changes nothing and emails nobody.
    const sent = (await mail.all()).length;
    await ops.grant(teamId);
    expect(ops.lines.at(-1)).toBe(`“Acme Physio” (${teamId}, owner owner@example.com) already has production access.`);
    expect((await mail.all()).length).toBe(sent);

    await ops.withdraw(teamId);
    expect((await access(app, t.owner)).json()).toEqual({status: 'not-requested', request: null});
    refused(await authed(app, t.member, 'POST', '/api/keys/production'), 403, 'PRODUCTION_NOT_READY');
    expect((await mail.to('owner@example.com')).at(-1)!.subject).toBe(
      'Production access for your team “Acme Physio” was withdrawn',
    );
    // The key made while it was granted keeps working until it is revoked.
    const keys = (await authed(app, t.owner, 'GET', '/api/keys')).json().keys as Array<{
      keyType: string;
      status: string;
    }>;
    expect(keys.filter((k) => k.keyType === 'production').map((k) => k.status)).toEqual(['active']);
    // The owner may ask again.
    expect((await ask(app, t.owner, {plans: PLANS, monthlyIntakes: '10k-100k'})).statusCode).toBe(201);

    const log = (await authed(app, t.owner, 'GET', '/api/activity')).json().events as Array<{
      action: string;
      actor: unknown;
    }>;
    const operatorEvents = log.filter((e) => e.action.startsWith('production-access.') && e.actor === null);
    expect(operatorEvents.map((e) => e.action)).toEqual(['production-access.withdrawn', 'production-access.granted']);
  });

  it('names an unknown team plainly and changes nothing', async () => {
    const context = await build();
    const ops = operator(context);
    const before = await rowCounts(context.app.db);
    await expect(ops.grant('nobody@example.com')).rejects.toThrow(
      'No team has the id or owner address nobody@example.com.',
    );
    await expect(ops.grant('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'No team has the id or owner address 00000000-0000-4000-8000-000000000000.',
    );
    expect(await rowCounts(context.app.db)).toEqual(before);
  });
});

// Person and team names (contract/src/names.ts): no characters that hide or reorder text, nothing that reads as
// a web or email address, refused with a message that says why on every route that sets a name; and the emails
// quote names, keep the inviter's name out of the subject, and leave out a name stored before the rule.
import {describe, expect, it} from 'vitest';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, authed, post, signedIn} from '../helpers/accounts.js';
import {invitationMails, invite} from '../team/team-helpers.js';

const INVISIBLE = {code: 'NAME_INVISIBLE_CHARACTERS', message: ERROR_CATALOGUE.NAME_INVISIBLE_CHARACTERS.message};
const ADDRESS = {code: 'NAME_HAS_ADDRESS', message: ERROR_CATALOGUE.NAME_HAS_ADDRESS.message};

const REFUSED: Array<[string, {code: string; message: string}]> = [
  ['Urgent: your account is suspended, verify at https://evil.test/x', ADDRESS],
  ['Verify at evil.test/x', ADDRESS],
  ['Support example.com', ADDRESS],
  ['www.intakekit-support', ADDRESS],
  ['Write to help@evil.test', ADDRESS],
  ['Acme.health', ADDRESS],
  ['evil\u3002com', ADDRESS],
  ['evil\uff0ecom', ADDRESS],
  ['exa\u200bmple.com', ADDRESS],
  ['Admin 192.168.0.1', ADDRESS],
  ['Ada\u202Eevil', INVISIBLE],
  ['Ada\u2028Security notice', INVISIBLE],
  ['Ada\u0085Lovelace', INVISIBLE],
  ['Ada\u2066x\u2069', INVISIBLE],
  ['Ada\u200fLovelace', INVISIBLE],
  ['Ada\u061cLovelace', INVISIBLE],
  ['Ada\u0007', INVISIBLE],
];

const ACCEPTED = [
  'Dr. J. Smith',
  "St. Mary's Clinic",
  'J.R.R. Tolkien',
  'Ph.D. Research',
  'Zoë Ørsted-Ünal',
  'R&D @ Acme',
];

function registerWith(app: Awaited<ReturnType<typeof build>>['app'], fields: Record<string, string>, i: number) {
  return post(app, '/api/auth/register', {
    email: `user${i}@example.com`,
    password: PASSWORD,
    turnstileToken: TURNSTILE,
    ...fields,
  });
}

describe('names that are refused', () => {
  it('sign-up refuses each as a name and as a team name, saying why, and creates nothing', async () => {
    const {app} = await build();
    let i = 0;
    for (const [name, error] of REFUSED) {
      for (const field of ['name', 'teamName']) {
        const res = await registerWith(app, {[field]: name}, (i += 1));
        expect({field, name, status: res.statusCode, error: res.json().error}).toEqual({
          field,
          name,
          status: 400,
          error,
        });
      }
    }
    expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('the profile refuses each, and the name stays as it was', async () => {
    const {app, mail} = await build();
    const session = await signedIn(app, mail, 'ada@example.com', {name: 'Ada'});
    for (const [name, error] of REFUSED) {
      const res = await authed(app, session, 'PATCH', '/api/auth/profile', {name});
      expect({name, status: res.statusCode, error: res.json().error}).toEqual({name, status: 400, error});
    }
    expect((await authed(app, session, 'GET', '/api/auth/me')).json().user.name).toBe('Ada');
  });

  it("an invitation refuses each as the invitee's name, and nothing is sent", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    for (const [name, error] of REFUSED) {
      const res = await invite(app, owner, 'new@example.com', {name});
      expect({name, status: res.statusCode, error: res.json().error}).toEqual({name, status: 400, error});
    }
    expect(await invitationMails(mail, 'new@example.com')).toEqual([]);
  });

  it('ordinary names with dots, apostrophes, accents and a spaced @ are accepted everywhere', async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {teamName: 'Acme'});
    let i = 0;
    for (const name of ACCEPTED) {
      expect((await registerWith(app, {name, teamName: name}, (i += 1))).statusCode, name).toBe(201);
      expect((await authed(app, owner, 'PATCH', '/api/auth/profile', {name})).statusCode, name).toBe(200);
      expect((await invite(app, owner, `invitee${i}@example.com`, {name})).statusCode, name).toBe(201);
    }
  });
});

describe('names in emails', () => {
  it("quote the team and inviter names in the body and keep the inviter's name out of the subject", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olive Owner', teamName: 'Acme Clinic'});
    expect((await invite(app, owner, 'new@example.com')).statusCode).toBe(201);
    const [sent] = await invitationMails(mail, 'new@example.com');
    expect(sent!.subject).toBe('A teammate invited you to join the team “Acme Clinic” on IntakeKit');
    expect(sent!.text).toContain('“Olive Owner” invited you to join the team “Acme Clinic” on IntakeKit as a member.');
  });

  it("the issue's example, stored before the rule, reaches neither the subject nor the body; sign-in still works", async () => {
    const {app, mail} = await build();
    const owner = await signedIn(app, mail, 'owner@example.com', {name: 'Olive', teamName: 'Acme'});
    const teamName = 'Urgent: your account is suspended, verify at https://evil.test/x';
    // As a row written before names had the rule.
    await app.db.updateTable('users').set({name: 'IntakeKit Security\u202E'}).execute();
    await app.db.updateTable('teams').set({name: teamName}).execute();
    expect(
      (await post(app, '/api/auth/login', {email: 'owner@example.com', password: PASSWORD, turnstileToken: TURNSTILE}))
        .statusCode,
    ).toBe(200);
    expect((await invite(app, owner, 'victim@example.com')).statusCode).toBe(201);
    const [sent] = await invitationMails(mail, 'victim@example.com');
    expect(sent!.subject).toBe('A teammate invited you to join a team on IntakeKit');
    for (const part of [sent!.subject, sent!.text, sent!.html]) {
      expect(part).not.toContain('evil.test');
      expect(part).not.toContain('IntakeKit Security');
      expect(part).not.toContain('\u202E');
    }
    expect(sent!.text).toContain('A teammate invited you to join a team on IntakeKit as a member.');
  });

  it('a greeting leaves out a name stored before the rule', async () => {
    const {app, mail} = await build();
    await post(app, '/api/auth/register', {email: 'ada@example.com', password: PASSWORD, turnstileToken: TURNSTILE});
    await app.db.updateTable('users').set({name: 'Visit https://evil.test/x'}).execute();
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const [reset] = (await mail.to('ada@example.com')).filter((m) => m.subject === 'Reset your IntakeKit password');
    expect(reset!.text.startsWith('Hi,\n')).toBe(true);
    expect(reset!.text).not.toContain('evil.test');
  });
});

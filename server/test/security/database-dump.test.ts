// A database dump must contain no raw key, token or password: exercise every flow that creates a secret,
// then read every row of every table of the app schema (found through information_schema, so a table added later
// is dumped too) and look for each secret the test handed out or received.
import {describe, expect, it} from 'vitest';
import {sql} from 'kysely';
import type {Db} from '../../src/db/connect.js';
import {build} from '../helpers/app.js';
import {authed, login, post, register, signedIn, PASSWORD} from '../helpers/accounts.js';
import {secretBox} from '../../src/lib/secret-box.js';
import {resolveSecretKey} from '../../src/lib/secret-key.js';
import {totpCode} from '../../src/lib/totp.js';

const NEW_PASSWORD = 'Another-Horse-77';

/** Every row of every base table in the app's schema, each as its JSON text (row_to_json covers every column). */
async function dump(db: Db): Promise<{tables: string[]; rows: Map<string, string[]>}> {
  const {rows: tables} = await sql<{table_name: string}>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const rows = new Map<string, string[]>();
  for (const {table_name} of tables) {
    const {rows: found} = await sql<{
      row: string;
    }>`SELECT row_to_json(t)::text AS row FROM ${sql.table(table_name)} t`.execute(db);
    rows.set(
      table_name,
      found.map((r) => r.row),
    );
  }
  return {tables: tables.map((t) => t.table_name), rows};
}

/** The forms a secret could leak in: as given, and (for keys) its random body alone. */
function forms(secret: string): string[] {
  const out = [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];
  const key = /^ik_(?:sandbox|production)_([0-9A-Za-z]+)$/.exec(secret);
  if (key) out.push(key[1]!.slice(0, 36));
  return out;
}

describe('database dump', () => {
  it('holds no password, session token, email-link token, invitation token or API key after every flow that makes one', async () => {
    const {app, mail, clock, config} = await build();
    const secrets: Record<string, string> = {password: PASSWORD, newPassword: NEW_PASSWORD};

    // Owner: sign-up (verification token, used), sign-in (session), keys (created, rotated, revoked).
    await register(app, 'owner@example.com', {teamName: 'Acme Health'});
    secrets.verifyUsed = await mail.lastToken('owner@example.com', 'verify');
    expect((await app.inject({method: 'GET', url: `/api/auth/verify?token=${secrets.verifyUsed}`})).statusCode).toBe(
      200,
    );
    const session = (await login(app, 'owner@example.com')).json().token as string;
    secrets.session = session;
    const created = (await authed(app, session, 'POST', '/api/keys/sandbox')).json();
    secrets.keyCreated = created.apiKey;
    const rotated = (await authed(app, session, 'POST', `/api/keys/${created.key.id}/rotate`)).json();
    secrets.keyRotated = rotated.apiKey;
    const other = (await authed(app, session, 'POST', '/api/keys/sandbox')).json();
    secrets.keyRevoked = other.apiKey;
    expect((await authed(app, session, 'DELETE', `/api/keys/${other.key.id}/revoke`)).statusCode).toBe(200);
    // A key that was used by the SDK (last_used_at written).
    const sdk = await app.inject({
      method: 'POST',
      url: '/api/sdk/sessions',
      headers: {authorization: `Bearer ${rotated.apiKey}`},
      payload: {flowId: 'symptom-check'},
    });
    expect(sdk.statusCode).toBe(200);

    // Production keys (shown once): created, used from its allowed origin and from another, rotated with a grace
    // period (the old one still works), and the successor.
    await app.db.updateTable('teams').set({production_ready: true}).execute();
    const production = (
      await authed(app, session, 'POST', '/api/keys/production', {allowedOrigins: ['https://clinic.example']})
    ).json();
    secrets.productionCreated = production.apiKey;
    for (const origin of ['https://clinic.example', 'https://evil.example']) {
      await app.inject({
        method: 'POST',
        url: '/api/sdk/sessions',
        headers: {authorization: `Bearer ${production.apiKey}`, origin},
        payload: {flowId: 'symptom-check', env: 'pro'},
      });
    }
    const productionRotated = await authed(app, session, 'POST', `/api/keys/${production.key.id}/rotate`, {
      gracePeriod: '24h',
    });
    secrets.productionSuccessor = productionRotated.json().apiKey;
    await app.keyUsage.flush();

    // A session rotated through x-new-token, and a changed password (fresh token for the caller).
    const member = await signedIn(app, mail, 'member@example.com');
    secrets.memberSession = member;
    const changed = await post(
      app,
      '/api/auth/change-password',
      {currentPassword: PASSWORD, newPassword: NEW_PASSWORD},
      member,
    );
    expect(changed.statusCode).toBe(200);
    secrets.changedSession = String(changed.headers['x-new-token']);

    // Invitation links: one accepted, one replaced by a resend, and the pending one that replaced it.
    expect((await authed(app, session, 'POST', '/api/team/add', {email: 'member@example.com'})).statusCode).toBe(201);
    secrets.invitationAccepted = await mail.lastToken('member@example.com', 'accept-invitation');
    const accepted = await post(
      app,
      '/api/invitations/accept',
      {token: secrets.invitationAccepted},
      secrets.changedSession,
    );
    expect(accepted.statusCode).toBe(200);
    const invited = (await authed(app, session, 'POST', '/api/team/add', {email: 'invitee@example.com'})).json()
      .invitation;
    secrets.invitationReplaced = await mail.lastToken('invitee@example.com', 'accept-invitation');
    clock.advance(60_000);
    expect((await authed(app, session, 'POST', `/api/team/invitations/${invited.id}/resend`)).statusCode).toBe(200);
    secrets.invitationPending = await mail.lastToken('invitee@example.com', 'accept-invitation');

    // Unverified account: a pending verification token, a superseded one, and a pending reset token.
    await register(app, 'pending@example.com');
    secrets.verifySuperseded = await mail.lastToken('pending@example.com', 'verify');
    await post(app, '/api/auth/resend-verification', {email: 'pending@example.com'});
    secrets.verifyPending = await mail.lastToken('pending@example.com', 'verify');
    await post(app, '/api/auth/forgot-password', {email: 'pending@example.com'});
    secrets.resetPending = await mail.lastToken('pending@example.com', 'reset-password');

    // A used reset token on the owner (revokes the owner's sessions).
    await post(app, '/api/auth/forgot-password', {email: 'owner@example.com'});
    secrets.resetUsed = await mail.lastToken('owner@example.com', 'reset-password');
    expect(
      (await post(app, '/api/auth/reset-password', {token: secrets.resetUsed, newPassword: NEW_PASSWORD})).statusCode,
    ).toBe(200);

    // Two-factor: the authenticator secret, recovery codes (one spent), and a challenge not yet spent.
    const guarded = await signedIn(app, mail, 'guarded@example.com');
    const totpSecret: string = (await authed(app, guarded, 'POST', '/api/auth/two-factor/setup')).json().secret;
    secrets.totpSecret = totpSecret;
    const recovery: string[] = (
      await authed(app, guarded, 'POST', '/api/auth/two-factor/enable', {
        code: totpCode(totpSecret, clock.now()),
      })
    ).json().recoveryCodes;
    recovery.forEach((code, i) => (secrets[`recoveryCode${i}`] = code.replace('-', '')));
    const spent = (await login(app, 'guarded@example.com')).json().challengeToken;
    expect((await post(app, '/api/auth/login/two-factor', {challengeToken: spent, code: recovery[0]})).statusCode).toBe(
      200,
    );
    secrets.challengePending = (await login(app, 'guarded@example.com')).json().challengeToken;

    // Failed sign-ins (sign_in_attempts) with a password that must not be recorded either.
    secrets.wrongPassword = 'Wrong-Password-Secret-1';
    await login(app, 'owner@example.com', secrets.wrongPassword);

    expect(new Set(Object.values(secrets)).size).toBe(Object.keys(secrets).length);
    const {tables, rows} = await dump(app.db);
    // Every table of the schema is dumped (schema_migrations included); the ones these flows fill are not empty.
    for (const table of [
      'users',
      'teams',
      'team_members',
      'sessions',
      'email_tokens',
      'api_keys',
      'sign_in_attempts',
      'invitations',
      'invitation_sends',
      'mail_outbox',
      'api_key_requests',
      'api_key_usage_days',
      'api_key_origins_seen',
      'two_factor_secrets',
      'two_factor_recovery_codes',
      'sign_in_challenges',
    ]) {
      expect(tables).toContain(table);
      expect(rows.get(table)!.length, table).toBeGreaterThan(0);
    }
    const leaks: string[] = [];
    let checked = 0;
    for (const [table, tableRows] of rows) {
      for (const row of tableRows) {
        checked += 1;
        for (const [name, secret] of Object.entries(secrets)) {
          if (forms(secret).some((form) => row.includes(form))) leaks.push(`${table}: ${name}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(15);

    // Nor can a production key be recovered with the server's secret: open every sealed value in the dump.
    // Sandbox keys are kept sealed (the list returns them), so they must open: that proves the scan opens things.
    const secret = await resolveSecretKey(config.secretKey, config.dataDir);
    const boxes = [secretBox(secret), secretBox(secret, 'mail-outbox'), secretBox(secret, 'two-factor')];
    const opened: string[] = [];
    for (const tableRows of rows.values()) {
      for (const sealed of tableRows.join('\n').match(/v1\.[\w-]+\.[\w-]+\.[\w-]+/g) ?? []) {
        for (const box of boxes) {
          try {
            opened.push(box.open(sealed));
          } catch {
            // sealed for the other purpose
          }
        }
      }
    }
    expect(opened.join('\n')).toContain(secrets.keyRotated);
    for (const name of ['productionCreated', 'productionSuccessor']) {
      expect(
        opened.some((text) => text.includes(secrets[name]!.slice(14, 50))),
        name,
      ).toBe(false);
    }
    // And the API lists them masked only.
    const listed = (
      await authed(app, (await login(app, 'owner@example.com', NEW_PASSWORD)).json().token, 'GET', '/api/keys')
    ).body;
    expect(listed).not.toContain(secrets.productionCreated!.slice(8, -8));
    expect(listed).not.toContain(secrets.productionSuccessor!.slice(8, -8));
  });
});

describe('password reset under concurrent submissions', () => {
  it('lets exactly one of two different new passwords win, and that one is the password', async () => {
    const {app, mail} = await build();
    await signedIn(app, mail, 'ada@example.com');
    await post(app, '/api/auth/forgot-password', {email: 'ada@example.com'});
    const token = await mail.lastToken('ada@example.com', 'reset-password');
    const candidates = ['First-Winner-123', 'Second-Winner-456'];
    const results = await Promise.all(
      candidates.map((newPassword) => post(app, '/api/auth/reset-password', {token, newPassword})),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().error.code).toBe('ALREADY_USED');
    const winner = candidates[results.findIndex((r) => r.statusCode === 200)]!;
    const loser = candidates.find((c) => c !== winner)!;
    expect((await login(app, 'ada@example.com', winner)).statusCode).toBe(200);
    expect((await login(app, 'ada@example.com', loser)).statusCode).toBe(401);
    expect((await login(app, 'ada@example.com')).statusCode).toBe(401);
  });
});

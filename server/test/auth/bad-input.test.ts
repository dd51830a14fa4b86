// Hostile and malformed input on every /api/auth route with a body: a clear catalogue error and
// no change in the database (row counts of every table before and after).
import {describe, expect, it} from 'vitest';
import {ERROR_CATALOGUE} from '../../src/errors.js';
import {build} from '../helpers/app.js';
import {PASSWORD, TURNSTILE, signedIn} from '../helpers/accounts.js';
import {rowCounts} from '../helpers/database.js';

const HUGE = 'x'.repeat(10 * 1024);
const SQL = "'; DROP TABLE users; --";
const SQL_EMAIL = "a'--@example.com";

/** A sign-up or sign-in body that passes but for `fields`. */
const credentials = (fields: Record<string, unknown>) => ({
  email: 'a@example.com',
  password: PASSWORD,
  turnstileToken: TURNSTILE,
  ...fields,
});

interface Case {
  label: string;
  payload: unknown;
  code: string;
  raw?: boolean;
}

const routes: Array<{method: 'POST' | 'PATCH' | 'DELETE'; url: string; authed?: boolean; cases: Case[]}> = [
  {
    method: 'POST',
    url: '/api/auth/register',
    cases: [
      {label: 'empty object', payload: {}, code: 'MISSING_FIELDS'},
      {label: 'no password', payload: {email: 'a@example.com', turnstileToken: TURNSTILE}, code: 'MISSING_FIELDS'},
      {label: 'no bot token', payload: {email: 'a@example.com', password: PASSWORD}, code: 'MISSING_FIELDS'},
      {label: 'numeric email', payload: credentials({email: 42}), code: 'MISSING_FIELDS'},
      {label: 'array password', payload: credentials({password: [PASSWORD]}), code: 'MISSING_FIELDS'},
      {label: 'null name', payload: credentials({name: null}), code: 'MISSING_FIELDS'},
      {label: '10 kB email', payload: credentials({email: `${HUGE}@example.com`}), code: 'INVALID_EMAIL'},
      {label: '10 kB password', payload: credentials({password: HUGE}), code: 'INVALID_PASSWORD'},
      {label: '10 kB name', payload: credentials({name: HUGE}), code: 'INVALID_NAME'},
      {label: '10 kB team', payload: credentials({teamName: HUGE}), code: 'INVALID_NAME'},
      {label: 'SQL in email', payload: credentials({email: SQL}), code: 'INVALID_EMAIL'},
      {label: 'unicode email', payload: credentials({email: 'zoë at example'}), code: 'INVALID_EMAIL'},
      {label: 'emoji-only password', payload: credentials({password: '😀😀😀😀😀'}), code: 'INVALID_PASSWORD'},
      {label: 'malformed JSON', payload: '{"email":', code: 'MISSING_FIELDS', raw: true},
    ],
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    cases: [
      {label: 'empty object', payload: {}, code: 'MISSING_FIELDS'},
      {label: 'empty strings', payload: credentials({email: '', password: ''}), code: 'MISSING_FIELDS'},
      {label: 'object email', payload: credentials({email: {$ne: 1}}), code: 'MISSING_FIELDS'},
      {label: 'bad email', payload: credentials({email: 'nope'}), code: 'INVALID_EMAIL'},
      {label: 'SQL in email', payload: credentials({email: SQL}), code: 'INVALID_EMAIL'},
      {label: 'malformed JSON', payload: '{"email": "a@example.com" "password"}', code: 'MISSING_FIELDS', raw: true},
    ],
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    cases: [
      {label: 'empty object', payload: {}, code: 'EMAIL_REQUIRED'},
      {label: 'number', payload: {email: 7}, code: 'MISSING_FIELDS'},
      {label: '10 kB', payload: {email: HUGE}, code: 'INVALID_EMAIL'},
      {label: 'SQL', payload: {email: SQL}, code: 'INVALID_EMAIL'},
      {label: 'malformed JSON', payload: '{', code: 'MISSING_FIELDS', raw: true},
    ],
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    cases: [
      {label: 'empty object', payload: {}, code: 'TOKEN_REQUIRED'},
      {label: 'number token', payload: {token: 5, newPassword: PASSWORD}, code: 'MISSING_FIELDS'},
      {label: '10 kB token', payload: {token: HUGE, newPassword: PASSWORD}, code: 'INVALID_OR_EXPIRED'},
      {label: 'SQL token', payload: {token: SQL, newPassword: PASSWORD}, code: 'INVALID_OR_EXPIRED'},
    ],
  },
  {
    method: 'PATCH',
    url: '/api/auth/profile',
    authed: true,
    cases: [
      {label: '10 kB', payload: {name: HUGE}, code: 'INVALID_NAME'},
      {label: 'array', payload: {name: ['a']}, code: 'MISSING_FIELDS'},
      {label: 'malformed JSON', payload: '{"name": }', code: 'MISSING_FIELDS', raw: true},
    ],
  },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    authed: true,
    cases: [
      {label: '10 kB new password', payload: {currentPassword: PASSWORD, newPassword: HUGE}, code: 'INVALID_PASSWORD'},
      {
        label: 'SQL current password',
        payload: {currentPassword: SQL, newPassword: 'Brand-New-Pass-7'},
        code: 'INVALID_CURRENT_PASSWORD',
      },
      {
        label: 'unicode new password',
        payload: {currentPassword: PASSWORD, newPassword: 'ééééééééééé'},
        code: 'INVALID_PASSWORD',
      },
    ],
  },
  {
    method: 'DELETE',
    url: '/api/auth/account',
    authed: true,
    cases: [
      {label: 'SQL password', payload: {password: SQL}, code: 'INVALID_CURRENT_PASSWORD'},
      {label: '10 kB password', payload: {password: HUGE}, code: 'INVALID_CURRENT_PASSWORD'},
      {label: 'boolean', payload: {password: true}, code: 'MISSING_FIELDS'},
    ],
  },
];

describe('bad input on /api/auth', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}: every case answers its catalogue code and changes nothing`, async () => {
      const {app, mail} = await build();
      // An existing account, so SQL or oversized input has something to damage.
      const token = await signedIn(app, mail, 'existing@example.com', {teamName: 'Acme'});
      // A wrong current password is a recorded guess (sign_in_attempts); nothing else may change.
      const before = await rowCounts(app.db, ['sign_in_attempts']);
      for (const c of route.cases) {
        const res = await app.inject({
          method: route.method,
          url: route.url,
          headers: {
            'content-type': 'application/json',
            ...(route.authed && {authorization: `Bearer ${token}`}),
          },
          payload: c.raw ? (c.payload as string) : JSON.stringify(c.payload),
        });
        expect(res.statusCode, c.label).toBe(400);
        const code = c.code as keyof typeof ERROR_CATALOGUE;
        expect(res.json(), c.label).toEqual({error: {code, message: ERROR_CATALOGUE[code].message}});
      }
      expect(await rowCounts(app.db, ['sign_in_attempts'])).toEqual(before);
      // The account still works as before.
      expect(
        (await app.inject({method: 'GET', url: '/api/auth/me', headers: {authorization: `Bearer ${token}`}}))
          .statusCode,
      ).toBe(200);
    });
  }

  it('stores SQL-looking and unicode values verbatim, as data', async () => {
    const {app, mail} = await build();
    const token = await signedIn(app, mail, SQL_EMAIL, {name: SQL, teamName: 'Ünïcødé 团队 🚀'});
    const me = (
      await app.inject({method: 'GET', url: '/api/auth/me', headers: {authorization: `Bearer ${token}`}})
    ).json();
    expect(me.user).toMatchObject({email: SQL_EMAIL, name: SQL, team: {name: 'Ünïcødé 团队 🚀'}});
    expect(await rowCounts(app.db)).toMatchObject({users: 1, teams: 1});
  });
});

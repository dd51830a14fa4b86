import {describe, expect, it} from 'vitest';
import {afterSignIn, loginHref, safeNextPath} from './next-path';

describe('safeNextPath: where /login?next= may go', () => {
  it.each(['/team', '/accept-invitation?token=abc_DEF-123', '/settings#team', '/'])(
    'keeps the same-site path %j with its query and hash',
    (next) => {
      expect(safeNextPath(next)).toBe(next);
    },
  );

  it.each<[string | null | undefined, string]>([
    ['//evil.example', 'protocol-relative: another host'],
    ['//evil.example/path', 'protocol-relative: another host'],
    ['/\\evil.example', 'a backslash browsers read as a slash'],
    ['/\\/evil.example', 'a backslash browsers read as a slash'],
    ['/team\\..\\//evil', 'a backslash browsers read as a slash'],
    ['https://evil.example/team', 'an absolute URL'],
    ['http://127.0.0.1/team', 'an absolute URL'],
    ['javascript:alert(1)', 'a script URL'],
    ['JavaScript:alert(1)', 'a script URL'],
    ['data:text/html,hi', 'a data URL'],
    ['team', 'not a path'],
    ['/\t/evil.example', 'a control character the URL parser drops'],
    ['/\n/evil.example', 'a control character the URL parser drops'],
    [' /team', 'a space the URL parser drops'],
    ['/team\u0000', 'a control character'],
    ['', 'empty'],
    [null, 'missing'],
    [undefined, 'missing'],
    [`/${'a'.repeat(3000)}`, 'overlong'],
  ])('refuses %j: %s', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('every accepted value stays on the site when resolved against it', () => {
    const site = 'https://portal.intakekit.test';
    for (const next of ['/team', '/a/b?c=d', '/%2F%2Fevil', '/..//evil', '/.%5Cevil']) {
      const accepted = safeNextPath(next);
      if (accepted !== null) expect(new URL(accepted, site).origin).toBe(site);
    }
  });
});

describe('afterSignIn', () => {
  it('goes to a safe next, otherwise the dashboard as before', () => {
    expect(afterSignIn('/accept-invitation?token=t')).toBe('/accept-invitation?token=t');
    expect(afterSignIn(null)).toBe('/dashboard');
    expect(afterSignIn('//evil')).toBe('/dashboard');
    expect(afterSignIn('https://evil.example')).toBe('/dashboard');
  });
});

describe('loginHref', () => {
  it('encodes next and email', () => {
    expect(loginHref({})).toBe('/login');
    expect(loginHref({next: '/accept-invitation?token=a&b', email: 'ann+x@clinic.test'})).toBe(
      '/login?next=%2Faccept-invitation%3Ftoken%3Da%26b&email=ann%2Bx%40clinic.test',
    );
    const params = new URLSearchParams(
      loginHref({next: '/accept-invitation?token=a&b', email: 'ann+x@clinic.test'}).split('?')[1],
    );
    expect(params.get('next')).toBe('/accept-invitation?token=a&b');
    expect(params.get('email')).toBe('ann+x@clinic.test');
  });
});

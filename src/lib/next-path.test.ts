import {describe, expect, it} from 'vitest';
import {afterSignIn, loginHref, safeNextPath} from './next-path';

describe('safeNextPath: where /login?next= may go', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/team')).toBe('/team');
    expect(safeNextPath('/accept-invitation?token=abc_DEF-123')).toBe('/accept-invitation?token=abc_DEF-123');
    expect(safeNextPath('/settings#team')).toBe('/settings#team');
    expect(safeNextPath('/')).toBe('/');
  });

  it('refuses protocol-relative and backslash forms that browsers read as another host', () => {
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('//evil.example/path')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('/\\/evil.example')).toBeNull();
    expect(safeNextPath('/team\\..\\//evil')).toBeNull();
  });

  it('refuses absolute URLs and script URLs', () => {
    expect(safeNextPath('https://evil.example/team')).toBeNull();
    expect(safeNextPath('http://127.0.0.1/team')).toBeNull();
    expect(safeNextPath('javascript:alert(1)')).toBeNull();
    expect(safeNextPath('JavaScript:alert(1)')).toBeNull();
    expect(safeNextPath('data:text/html,hi')).toBeNull();
    expect(safeNextPath('team')).toBeNull();
  });

  it('refuses control characters and spaces the URL parser would drop or rewrite', () => {
    expect(safeNextPath('/\t/evil.example')).toBeNull();
    expect(safeNextPath('/\n/evil.example')).toBeNull();
    expect(safeNextPath(' /team')).toBeNull();
    expect(safeNextPath('/team\u0000')).toBeNull();
  });

  it('refuses empty, missing and overlong values', () => {
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(3000)}`)).toBeNull();
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

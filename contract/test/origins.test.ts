import {describe, expect, it} from 'vitest';
import {
  KEY_ORIGINS_MAX,
  originMatches,
  originNotAllowedMessage,
  parseAllowedOrigin,
  parseAllowedOrigins,
  wildcardDomain,
} from '../src/origins.js';
import {ORIGINS_NO_BROWSER_SENDS} from './fixtures/origins.js';

function accepted(input: string): string {
  const check = parseAllowedOrigin(input);
  if (!check.ok) throw new Error(`${input} refused: ${check.message}`);
  return check.origin;
}

function refusal(input: string): string {
  const check = parseAllowedOrigin(input);
  if (check.ok) throw new Error(`${input} accepted as ${check.origin}`);
  return check.message;
}

describe('an allowed origin as typed', () => {
  it('is stored as a browser writes an origin', () => {
    expect(accepted('https://clinic.example')).toBe('https://clinic.example');
    expect(accepted('  https://Clinic.Example:443/ ')).toBe('https://clinic.example');
    expect(accepted('http://localhost:5173')).toBe('http://localhost:5173');
    expect(accepted('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(accepted('https://*.Clinic.example')).toBe('https://*.clinic.example');
    expect(accepted('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  it('is refused, saying why, when it is not scheme://host[:port] with one leading wildcard label', () => {
    expect(refusal('')).toBe('Enter an origin such as https://clinic.example.');
    expect(refusal('clinic.example')).toMatch(/use scheme:\/\/host\[:port\]/);
    expect(refusal('https://clinic.example/intake')).toMatch(/no path, query or fragment/);
    expect(refusal('https://clinic.example?x=1')).toMatch(/no path, query or fragment/);
    expect(refusal('ftp://clinic.example')).toMatch(/http or https/);
    expect(refusal('https://user:pw@clinic.example')).toMatch(/user name or password/);
    expect(refusal('https://*.*.clinic.example')).toMatch(/one wildcard label at most/);
    expect(refusal('https://app.*.clinic.example')).toMatch(/whole leftmost label/);
    expect(refusal('https://*app.clinic.example')).toMatch(/whole leftmost label/);
    expect(refusal('https://*.com')).toMatch(/at least two labels/);
    expect(refusal('https://clinic.example:99999')).toMatch(/not a valid origin/);
  });

  it('is refused when the browser would read it as another host than typed (no user info, path or junk)', () => {
    for (const input of [
      'https://evil/x.clinic.example',
      'https://evil\\x.clinic.example',
      'https://%65vil.example',
      'http://127.1',
      'https://clinic.example:',
      'https://clinic.example:443x',
      'https://clinic.example//',
    ]) {
      expect(refusal(input), input).toMatch(/use scheme:\/\/host\[:port\]/);
    }
    expect(refusal('https://x@a.clinic.example')).toMatch(/user name or password/);
  });

  it('refuses a wildcard over a public suffix when given the Public Suffix List, with the message of *.com', () => {
    const publicSuffixes = new Set(['co.uk', 'github.io']);
    const isPublicSuffix = (domain: string) => publicSuffixes.has(domain);
    const tooBroad = refusal('https://*.com');
    for (const input of ['https://*.co.uk', 'https://*.github.io']) {
      const check = parseAllowedOrigin(input, isPublicSuffix);
      expect(check).toEqual({ok: false, message: tooBroad.replace('https://*.com', input)});
    }
    expect(parseAllowedOrigin('https://*.clinic.co.uk', isPublicSuffix)).toEqual({
      ok: true,
      origin: 'https://*.clinic.co.uk',
    });
    expect(parseAllowedOrigins(['https://a.example', 'https://*.github.io'], isPublicSuffix)).toMatchObject({
      ok: false,
    });
  });

  it('keeps a list in order without duplicates, and bounds its length', () => {
    expect(parseAllowedOrigins(['https://a.example', 'https://A.example:443', 'http://localhost:3000'])).toEqual({
      ok: true,
      origins: ['https://a.example', 'http://localhost:3000'],
    });
    expect(parseAllowedOrigins(['https://a.example', 'nope'])).toMatchObject({ok: false});
    const many = Array.from({length: KEY_ORIGINS_MAX + 1}, (_, i) => `https://s${i}.example`);
    expect(parseAllowedOrigins(many)).toEqual({ok: false, message: `Add at most ${KEY_ORIGINS_MAX} origins to a key.`});
  });
});

describe('a request origin against an entry', () => {
  it('matches an exact entry only with the same scheme, host and port', () => {
    expect(originMatches('https://clinic.example', 'https://clinic.example')).toBe(true);
    expect(originMatches('https://clinic.example', 'http://clinic.example')).toBe(false);
    expect(originMatches('https://clinic.example', 'https://clinic.example:8443')).toBe(false);
    expect(originMatches('https://clinic.example', 'https://evil-clinic.example')).toBe(false);
    expect(originMatches('http://localhost:5173', 'http://localhost:5174')).toBe(false);
  });

  it('matches a wildcard entry with exactly one label in its place', () => {
    const entry = 'https://*.clinic.example';
    expect(originMatches(entry, 'https://app.clinic.example')).toBe(true);
    expect(originMatches(entry, 'https://clinic.example')).toBe(false);
    expect(originMatches(entry, 'https://a.b.clinic.example')).toBe(false);
    expect(originMatches(entry, 'http://app.clinic.example')).toBe(false);
    expect(originMatches(entry, 'https://app.clinic.example:8443')).toBe(false);
    expect(originMatches(entry, 'https://appclinic.example')).toBe(false);
    expect(originMatches(entry, 'https://app.clinic.example.evil.example')).toBe(false);
    expect(originMatches('https://*.clinic.example:8443', 'https://app.clinic.example:8443')).toBe(true);
  });

  it('never matches a header that is not scheme://host[:port] as a browser writes it', () => {
    const entry = 'https://*.clinic.example';
    for (const origin of [
      ...ORIGINS_NO_BROWSER_SENDS,
      'https://evil x.clinic.example',
      'https://app.clinic.example/',
      'null',
    ]) {
      expect(originMatches(entry, origin), origin).toBe(false);
    }
    expect(originMatches('https://clinic.example', 'https://clinic.example/')).toBe(false);
  });

  it('names the domain a wildcard entry stands under', () => {
    expect(wildcardDomain('https://*.clinic.example:8443')).toBe('clinic.example');
    expect(wildcardDomain('https://*.co.uk')).toBe('co.uk');
    expect(wildcardDomain('https://clinic.example')).toBeNull();
  });

  it('names the origin to add, or the missing header', () => {
    expect(originNotAllowedMessage('https://evil.example')).toBe(
      'https://evil.example is not an allowed origin for this key. Add it on the API Keys page.',
    );
    expect(originNotAllowedMessage(null)).toMatch(/no Origin header/);
  });
});

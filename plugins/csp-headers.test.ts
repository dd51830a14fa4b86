import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {appendToContentSecurityPolicies, buildPolicy, inlineScriptHashes} from './csp-headers';
import {readSiteEnv} from './site-env';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the build-time Content-Security-Policy', () => {
  it('hashes the inline scripts a browser runs, not scripts with a src nor data blocks', () => {
    const html =
      '<script>a()</script><script src="/main.js" defer></script><SCRIPT type="module">b()</SCRIPT>' +
      '<script type="text/javascript">c()</script><script type="application/ld+json">{"@type":"BreadcrumbList"}</script>' +
      '<script type=x>d()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('c()')]);
  });

  it("lists the build's origins and each hash once, sorted", () => {
    const env = readSiteEnv({API_URL: 'https://api.example.com', SDK_CDN_URL: 'https://cdn.example.com/sdk/v1'});
    const policy = buildPolicy(env, ["'sha256-b'", "'sha256-a'", "'sha256-b'"]);
    expect(policy).toBe(
      [
        "default-src 'self'",
        "script-src 'self' https://cdn.example.com 'sha256-a' 'sha256-b'",
        "style-src 'self' 'unsafe-inline' https://cdn.example.com",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self' https://api.example.com",
        "frame-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
      ].join('; '),
    );
  });

  it('appends to every Content-Security-Policy line of static/_headers and nothing else', () => {
    const headers = readFileSync(new URL('../static/_headers', import.meta.url), 'utf8');
    const next = appendToContentSecurityPolicies(headers, "default-src 'self'");
    const changed = next.split('\n').filter((line, i) => line !== headers.split('\n')[i]);
    expect(changed).toEqual([
      "  Content-Security-Policy: object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'; default-src 'self'",
      "  Content-Security-Policy: object-src 'none'; base-uri 'none'; frame-ancestors 'self'; form-action 'self'; default-src 'self'",
    ]);
  });
});

/**
 * Browser-side security: the Content Security Policy shipped as host configuration (static/_headers,
 * served by scripts/lib/static-server.mjs exactly as a static host would), no CSP violation on any page, public or
 * signed in, and the session token leaving localStorage on logout and on any 401.
 *
 * static/_headers carries the build-independent directives. The full policy (default-src, script-src with the
 * hashes of the inline scripts in the built HTML, connect-src with the build's API origin) is written at build time
 * (SECURITY.md); until the build writes it, this spec completes the served header with that same policy, derived
 * from .e2e/build and API_URL, so every page already runs under it.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated, users, apiCall} from './fixtures';
import {API_URL, SITE_URL} from './support/ports';
import {chromiumPath} from '../scripts/lib/chromium.mjs';
import config from '../playwright.config';
import {GUIDE_PAGES} from './support/guide-pages';
import {inlineScriptHashes as pageScriptHashes} from '../plugins/csp-headers';

const LAUNCH_ARGS = config.use?.launchOptions?.args;

const BUILD = path.join(__dirname, '..', '.e2e', 'build');

const PUBLIC_PAGES = [
  '/',
  '/?page=sign-up',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/verify?token=not-a-real-token',
  '/verify-email-sent',
  '/accept-invitation?token=not-a-real-token',
  '/cancel-recovery?token=not-a-real-token',
  '/landing/index.html',
  '/landing/sign-up.html',
  '/no-such-page',
];

const SIGNED_IN_PAGES = [...GUIDE_PAGES, '/api-keys', '/team', '/settings'];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * sha256 sources for every inline script the browser runs in the built HTML, as the build's plugin finds them; the
 * tests below hold it to account in a browser that enforces the policy.
 */
function inlineScriptHashes(): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(BUILD))
    for (const hash of pageScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
  return [...hashes].sort();
}

/** The build-time part of the policy (SECURITY.md), for this build and this API origin. */
function buildTimeDirectives(): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes().join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${new URL(API_URL).origin}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

function directives(policy: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values.join(' '));
  }
  return map;
}

/** Serves every page of the portal under the full policy: the served header, completed if it lacks default-src. */
async function enforceFullPolicy(page: Page): Promise<void> {
  const served = (await fetch(`${SITE_URL}/`)).headers.get('content-security-policy') ?? '';
  if (directives(served).has('default-src')) return; // the build already writes the full policy: test it as served
  const extra = buildTimeDirectives();
  await page.route(`${SITE_URL}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const headers = response.headers();
    const served = headers['content-security-policy'] ?? '';
    headers['content-security-policy'] = directives(served).has('default-src') ? served : `${served}; ${extra}`;
    return route.fulfill({response, headers});
  });
}

interface Violation {
  url: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Records securitypolicyviolation events in every frame, before any page script runs. */
async function collectViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store: Array<Record<string, string>> = [];
    (window as unknown as {__cspViolations?: unknown[]}).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (e) => {
      store.push({url: location.href, directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample});
    });
  });
}

async function violations(page: Page): Promise<Violation[]> {
  const all: Violation[] = [];
  for (const frame of page.frames()) {
    const found = await frame
      .evaluate(() => (window as unknown as {__cspViolations?: Violation[]}).__cspViolations ?? [])
      .catch(() => [] as Violation[]);
    all.push(...found);
  }
  return all;
}

/** Opens a page, lets it settle (hydration, its API calls, the home page's iframe), and returns the violations. */
async function visit(page: Page, pagePath: string): Promise<Violation[]> {
  // The static landing pages are plain HTML: nothing hydrates there.
  if (pagePath.startsWith('/landing/')) await page.goto(pagePath);
  else await gotoHydrated(page, pagePath);
  await page.waitForLoadState('networkidle');
  return violations(page);
}

// A document answered through route.fulfill has no IP address, so Chromium's Local Network Access checks treat it as
// public and refuse its calls to the loopback API. This file's browser (its own worker) turns that check off; the
// policy under test is unaffected.
test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [...(LAUNCH_ARGS ?? []), '--disable-features=LocalNetworkAccessChecks'],
  },
});

test.describe('Content Security Policy', () => {
  // Playwright must not bypass the policy here, whatever the project's default.
  test.use({bypassCSP: false});

  test('is served as host configuration with the required directives on every page', async ({request}) => {
    for (const pagePath of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES]) {
      const res = await request.get(pagePath);
      const policy = res.headers()['content-security-policy'];
      expect(policy, `${pagePath}: Content-Security-Policy`).toBeTruthy();
      const d = directives(policy!);
      expect(d.get('object-src'), pagePath).toBe("'none'");
      expect(d.get('base-uri'), pagePath).toBe("'none'");
      // The static landing page is framed by the portal's own home page; nothing else may be framed.
      expect(d.get('frame-ancestors'), pagePath).toBe(pagePath.startsWith('/landing/') ? "'self'" : "'none'");
      expect(res.headers()['referrer-policy'], pagePath).toBe('no-referrer');
      expect(res.headers()['x-content-type-options'], pagePath).toBe('nosniff');
    }
  });

  test('the build has only the inline scripts the policy hashes', async () => {
    // If Docusaurus starts emitting another inline script, this count changes and SECURITY.md needs a look.
    const hashes = inlineScriptHashes();
    expect(hashes.length, hashes.join(' ')).toBeGreaterThan(0);
    // The colour mode's and the base URL banner's (Docusaurus), and the stored-session mark (plugins/).
    expect(hashes.length, hashes.join(' ')).toBeLessThanOrEqual(3);
  });

  test('no public page violates the full policy', async ({page}) => {
    await enforceFullPolicy(page);
    await collectViolations(page);
    let checked = 0;
    for (const pagePath of PUBLIC_PAGES) {
      expect(await visit(page, pagePath), pagePath).toEqual([]);
      checked += 1;
    }
    expect(checked).toBe(PUBLIC_PAGES.length);
  });

  test('no signed-in page violates the full policy, the live demo included', async ({page}) => {
    await enforceFullPolicy(page);
    await collectViolations(page);
    const user = await users.create({name: 'Casey Policy', teamName: 'Policy Clinic'});
    const token = await users.token(user);
    await apiCall('POST', '/api/keys/sandbox', undefined, token);
    await users.signIn(page, user);
    for (const pagePath of SIGNED_IN_PAGES) {
      expect(await visit(page, pagePath), pagePath).toEqual([]);
    }
  });
});

test.describe('session token in localStorage', () => {
  const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

  test('is removed on logout', async ({page}) => {
    const user = await users.create({name: 'Lou Logout'});
    await users.signIn(page, user, '/dashboard');
    expect(await token(page)).toBeTruthy();
    await page.locator('#developer-sidebar').getByRole('button', {name: 'Log out'}).click();
    await expect.poll(() => token(page)).toBeNull();
  });

  test('is removed when the API answers 401 (session revoked elsewhere)', async ({page}) => {
    const user = await users.create({name: 'Rae Revoked'});
    const held = await users.signIn(page, user, '/dashboard');
    expect(await token(page)).toBe(held);
    // Another client logs the same session out: the server revokes it, the portal still holds it.
    await apiCall('POST', '/api/auth/logout', undefined, held);
    await gotoHydrated(page, '/api-keys');
    await expect.poll(() => token(page)).toBeNull();
    await expect(page).toHaveURL(/\/login/);
  });
});

// Section 1: JavaScript and CSS bytes (gzip, as transferred) of a cold first visit of each route, in
// Chromium, against the production build served by scripts/lib/static-server.mjs. Signed-in routes are
// loaded with a session token already in localStorage. Baseline: the bare classic site's home page.
import {figure, launchChromium, log, median, round} from './common.mjs';
import {ensureBareBuild, ensurePortalBuild} from './builds.mjs';
import {startSiteStack} from './stack.mjs';

export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/register',
  '/verify-email-sent',
  '/verify',
  '/forgot-password',
  '/reset-password',
  '/accept-invitation',
];
export const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/dashboard/quick-start',
  '/dashboard/configuration',
  '/dashboard/flows',
  '/dashboard/errors',
  '/dashboard/frameworks',
  '/dashboard/demo',
  '/dashboard/api-reference',
  '/api-keys',
  '/team',
  '/settings',
];
const SIGN_IN_PAGES = ['/login', '/register'];
// The query a real visit carries (the page redirects to /register without it).
// An invitation link's shape (43 base64url characters); the API answers it as unknown, so the page shows its invalid-link view.
const QUERY = {'/verify-email-sent': '?email=dana%40clinic.test', '/accept-invitation': `?token=${'A'.repeat(43)}`};

// Code that only signed-in pages use, recognised in minified output by strings minifiers keep.
export const MARKERS = {
  'SWR (data hooks)': ['dedupingInterval', 'revalidateOnFocus'],
  'tables (guide table / key tables)': ['tableWrap_'],
  'demo loader': ['intakekitLoader', 'Failed to load the IntakeKit SDK'],
};

/**
 * Loads `url` in a fresh context (cold cache) and sums the transferred sizes of JS and CSS responses.
 * @returns {Promise<{js: number, css: number, files: Array<{url: string, kind: string, bytes: number}>, finalUrl: string, bodies?: Map<string,string>}>}
 */
export async function measureLoad(browser, url, {token, keepBodies = false} = {}) {
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript((t) => {
      try {
        window.localStorage.setItem('token', t);
      } catch {
        // opaque origins (about:blank)
      }
    }, token);
  }
  const page = await context.newPage();
  const pending = [];
  const files = [];
  const bodies = new Map();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const ct = response.headers()['content-type'] ?? '';
    const kind =
      type === 'script' || /javascript/.test(ct) ? 'js' : type === 'stylesheet' || /text\/css/.test(ct) ? 'css' : null;
    if (!kind) return;
    pending.push(
      (async () => {
        let bytes = 0;
        try {
          const sizes = await response.request().sizes();
          bytes = sizes.responseBodySize;
        } catch {
          bytes = Number(response.headers()['content-length'] ?? 0);
        }
        if (!(bytes > 0)) bytes = Number(response.headers()['content-length'] ?? 0);
        // Scripts and stylesheets the page asked for, or chunks fetched ahead by <link rel="prefetch">.
        const prefetch = type !== 'script' && type !== 'stylesheet';
        const seen = files.find((f) => f.url === response.url());
        if (seen) seen.bytes = Math.max(seen.bytes, bytes);
        else files.push({url: response.url(), kind, bytes, prefetch});
        if (keepBodies && kind === 'js')
          bodies.set(response.url(), (await response.body().catch(() => Buffer.alloc(0))).toString('utf8'));
      })(),
    );
  });
  await page.goto(url, {waitUntil: 'networkidle', timeout: 60_000});
  await page
    .waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', null, {timeout: 30_000})
    .catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
  await Promise.all(pending);
  const finalUrl = page.url();
  await context.close();
  const sum = (kind) => files.filter((f) => f.kind === kind).reduce((a, f) => a + f.bytes, 0);
  const prefetched = files.filter((f) => f.prefetch).reduce((a, f) => a + f.bytes, 0);
  return {js: sum('js'), css: sum('css'), prefetched, files, finalUrl, bodies};
}

export async function run({runs = 3} = {}) {
  await ensurePortalBuild();
  await ensureBareBuild({rebuild: false});
  const stack = await startSiteStack();
  const browser = await launchChromium();
  const figures = [];
  const details = {routes: {}, loginChunks: [], markers: {}};
  try {
    // Baseline first.
    const bareRuns = [];
    for (let i = 0; i < runs; i++) bareRuns.push(await measureLoad(browser, `${stack.bareUrl}/`));
    const bare = {js: median(bareRuns.map((r) => r.js)), css: median(bareRuns.map((r) => r.css))};
    const bareTotal = bare.js + bare.css;
    details.bare = {
      prefetchedKB: round(median(bareRuns.map((r) => r.prefetched)) / 1000),
      jsKB: round(bare.js / 1000),
      cssKB: round(bare.css / 1000),
      totalKB: round(bareTotal / 1000),
    };
    figures.push(
      figure({
        section: 'page-weight',
        name: 'Bare Docusaurus home: JS+CSS (gzip)',
        value: round(bareTotal / 1000),
        unit: 'kB',
        note: `JS ${details.bare.jsKB} kB, CSS ${details.bare.cssKB} kB`,
      }),
    );

    for (const route of [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES]) {
      const signedIn = SIGNED_IN_ROUTES.includes(route);
      const results = [];
      for (let i = 0; i < runs; i++) {
        const token = signedIn ? await stack.token() : undefined;
        results.push(
          await measureLoad(browser, `${stack.siteUrl}${route}${QUERY[route] ?? ''}`, {
            token,
            keepBodies: route === '/login' || route === '/register',
          }),
        );
      }
      const js = median(results.map((r) => r.js));
      const css = median(results.map((r) => r.css));
      const total = js + css;
      const last = results.at(-1);
      const finalPath = new URL(last.finalUrl).pathname;
      details.routes[route] = {
        prefetchedKB: round(median(results.map((r) => r.prefetched)) / 1000),
        jsKB: round(js / 1000),
        cssKB: round(css / 1000),
        totalKB: round(total / 1000),
        requests: last.files.length,
        finalPath,
      };
      const limit = SIGN_IN_PAGES.includes(route) ? 1.15 : 1.3;
      const wrongPage = signedIn && finalPath !== route;
      figures.push(
        figure({
          section: 'page-weight',
          name: `${route}${QUERY[route] ?? ''}: JS+CSS first visit (gzip)${signedIn ? ', signed in' : ''}`,
          value: round(total / 1000),
          unit: 'kB',
          baseline: `bare home ${round(bareTotal / 1000)} kB`,
          baselineValue: bareTotal / 1000,
          goal: `<= ${limit}x bare`,
          check: (_v, ratio) => ratio !== null && ratio <= limit,
          note: `JS ${round(js / 1000)} kB, CSS ${round(css / 1000)} kB${wrongPage ? `; ended on ${finalPath}` : ''}`,
        }),
      );
      if (SIGN_IN_PAGES.includes(route)) {
        const found = {};
        for (const [what, needles] of Object.entries(MARKERS)) {
          const hits = [];
          for (const [url, body] of last.bodies) {
            for (const needle of needles) if (body.includes(needle)) hits.push(`${new URL(url).pathname} (${needle})`);
          }
          found[what] = hits;
        }
        details.markers[route] = found;
        const clean = Object.values(found).every((h) => h.length === 0);
        const dirty = Object.entries(found)
          .filter(([, h]) => h.length)
          .map(([w, h]) => `${w}: ${h.join(', ')}`);
        figures.push(
          figure({
            section: 'page-weight',
            name: `${route}: first download free of SWR, table and demo-loader code`,
            value: clean ? 'yes' : 'no',
            unit: '',
            goal: 'yes',
            check: (v) => v === 'yes',
            note: clean ? `checked ${Object.values(MARKERS).flat().join(', ')}` : dirty.join('; '),
          }),
        );
        if (route === '/login') {
          details.loginChunks = last.files
            .map((f) => ({
              file: new URL(f.url).pathname,
              kind: f.prefetch ? `${f.kind} (prefetch)` : f.kind,
              kB: round(f.bytes / 1000, 2),
            }))
            .sort((a, b) => b.kB - a.kB);
        }
      }
      log(`page weight ${route}: ${round(total / 1000)} kB (${round(total / bareTotal, 2)}x bare)`);
    }
  } finally {
    await browser.close();
  }
  details.notes = [
    'Every JS and CSS response of a cold load (new browser context) until the network is idle and React has hydrated, at its transferred (gzip) size; chunks that Docusaurus prefetches for links on the page count too (their share is in the "prefetched" column).',
    `Median of ${runs} loads per route. Signed-in routes are loaded with a fresh session token already in localStorage.`,
  ];
  return {figures, details};
}

// Section 2: Lighthouse 12 (node API, installed in bench/.work/tools) on Debian's Chromium, mobile (the
// default config) and desktop presets, on /login, /register, the signed-in /dashboard, /dashboard/quick-start,
// /dashboard/configuration, /dashboard/frameworks, /dashboard/api-reference and /api-keys, and the bare Docusaurus home as the baseline, all measured in the same run.
// The Quick Start, the Configuration reference and Frameworks have a second baseline: the same content on a stock Docusaurus docs
// page of the bare site (bare-docs.mjs), so what the portal adds to them is read off the same run.
// Chromium is launched by the bench with --remote-debugging-port; for signed-in pages the token is put in
// the portal origin's localStorage over CDP (playwright connectOverCDP) and Lighthouse runs with
// disableStorageReset (the HTTP cache is cleared over CDP first, so the load stays cold).
import {mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  PORTS,
  WORK,
  figure,
  log,
  median,
  round,
  startProcess,
  toolsRequire,
  waitForUrl,
} from './common.mjs';
import {ensureBareBuild, ensurePortalBuild} from './builds.mjs';
import {STOCK_PAGES} from './bare-docs.mjs';
import {startSiteStack} from './stack.mjs';

const stockPath = (file) => STOCK_PAGES.find((p) => p.file === file).path;
const STOCK_QUICK_START = 'stock Quick Start (baseline)';
const STOCK_CONFIGURATION = 'stock Configuration (baseline)';
const STOCK_FRAMEWORKS = 'stock Frameworks (baseline)';
// `guide`: a page whose mobile Performance goal is the bare home's of the same run rather than an absolute 90 (a
// slower machine lowers every score, the bare home's too); `stock`: its baseline with the same content.
const PAGES = [
  {name: 'bare home (baseline)', path: '/', bare: true},
  {name: STOCK_QUICK_START, path: stockPath('quick-start.mdx'), bare: true},
  {name: STOCK_CONFIGURATION, path: stockPath('configuration.mdx'), bare: true},
  {name: STOCK_FRAMEWORKS, path: stockPath('frameworks.mdx'), bare: true},
  {name: '/login', path: '/login'},
  {name: '/register', path: '/register'},
  {name: '/dashboard', path: '/dashboard', signedIn: true, guide: true},
  {
    name: '/dashboard/quick-start',
    path: '/dashboard/quick-start',
    signedIn: true,
    guide: true,
    stock: STOCK_QUICK_START,
  },
  {
    name: '/dashboard/configuration',
    path: '/dashboard/configuration',
    signedIn: true,
    guide: true,
    stock: STOCK_CONFIGURATION,
  },
  {
    name: '/dashboard/frameworks',
    path: '/dashboard/frameworks',
    signedIn: true,
    guide: true,
    stock: STOCK_FRAMEWORKS,
  },
  {name: '/dashboard/api-reference', path: '/dashboard/api-reference', signedIn: true, guide: true},
  {name: '/api-keys', path: '/api-keys', signedIn: true},
];
/** "Within 1.2x" of the stock page, for TBT; for the Performance score, at most 1.2x the points it loses to 100. */
const STOCK_FACTOR = 1.2;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function loadLighthouse() {
  const main = await import(pathToFileURL(toolsRequire.resolve('lighthouse')).href);
  const dir = path.dirname(toolsRequire.resolve('lighthouse/package.json'));
  const desktop = await import(pathToFileURL(path.join(dir, 'core', 'config', 'desktop-config.js')).href);
  return {lighthouse: main.default, desktopConfig: desktop.default};
}

async function startDebugChromium() {
  const profile = path.join(WORK, 'lighthouse-profile');
  rmSync(profile, {recursive: true, force: true});
  mkdirSync(profile, {recursive: true});
  const chrome = startProcess('lighthouse-chromium', CHROMIUM, [
    '--headless=new',
    ...CHROMIUM_FLAGS,
    `--remote-debugging-port=${PORTS.debug}`,
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  await waitForUrl(`http://127.0.0.1:${PORTS.debug}/json/version`, {timeoutMs: 30_000, process: chrome});
  return chrome;
}

function summarise(lhr) {
  const audits = lhr.audits;
  const score = (c) =>
    lhr.categories[c]?.score === null || lhr.categories[c]?.score === undefined
      ? null
      : Math.round(lhr.categories[c].score * 100);
  const failed = [];
  for (const c of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failed.push(`${c}: ${a.id} (${a.title})`);
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? null,
    tbt: audits['total-blocking-time']?.numericValue ?? null,
    cls: audits['cumulative-layout-shift']?.numericValue ?? null,
    failed,
    // Where the main thread went: the scripts with the most evaluation time.
    bootup: (audits['bootup-time']?.details?.items ?? [])
      .slice(0, 3)
      .map(
        (item) =>
          `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(item.scripting ?? item.total ?? 0)} ms`,
      ),
    mainThread: (audits['mainthread-work-breakdown']?.details?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`),
    runtimeError: lhr.runtimeError?.code ?? null,
    // What the largest paint was, to tell the page's own content from a late part of it.
    lcpElement: lcpElement(audits),
  };
}

/** The start of the largest paint's element, as Lighthouse quotes it. */
function lcpElement(audits) {
  const tables = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  return node?.snippet ? String(node.snippet).slice(0, 80) : null;
}

/** A guide page's mobile TBT and Performance against the stock rendering of its content, measured in the same run. */
function againstStock(name, mob, stock) {
  const base = {section: 'lighthouse'};
  const floor = round(100 - STOCK_FACTOR * (100 - stock.performance), 1);
  return [
    figure({
      ...base,
      name: `${name}: TBT, mobile, against the stock page`,
      value: mob.tbt,
      unit: 'ms',
      baseline: `stock ${stock.tbt} ms`,
      baselineValue: stock.tbt,
      goal: `<= ${STOCK_FACTOR}x stock`,
      check: (v) => v <= STOCK_FACTOR * stock.tbt,
    }),
    figure({
      ...base,
      name: `${name}: Performance, mobile, against the stock page`,
      value: mob.performance,
      unit: 'score',
      baseline: `stock ${stock.performance}`,
      baselineValue: stock.performance,
      goal: `>= ${floor} (at most ${STOCK_FACTOR}x the ${round(100 - stock.performance, 1)} points stock loses to 100)`,
      check: (v) => v >= floor,
    }),
  ];
}

/** The goal of a score that must be full. */
const PERFECT = {goal: '100', check: (v) => v >= 100};

/**
 * BENCH_LIGHTHOUSE_PAGES (page names containing any of its comma-separated words; the baselines always run) and
 * BENCH_LIGHTHOUSE_PRESETS (`mobile`, `desktop`) limit a run to what an A/B of one change needs. A limited run's rows
 * carry no goals, and it belongs in an `--out` directory, never in `results.*`.
 */
function selection(env = process.env) {
  const words = env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const presets = env.BENCH_LIGHTHOUSE_PRESETS?.split(',').filter(Boolean);
  return {
    pages: PAGES.filter((p) => p.bare || !words || words.some((w) => p.name.includes(w))),
    presets: presets ?? ['mobile', 'desktop'],
    limited: Boolean(words || presets),
  };
}

export async function run({runs = 3}) {
  const selected = selection();
  await ensurePortalBuild();
  await ensureBareBuild({rebuild: false});
  const stack = await startSiteStack();
  const {lighthouse, desktopConfig} = await loadLighthouse();
  const chrome = await startDebugChromium();
  const {chromium} = await import('playwright-core');
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${PORTS.debug}`);
  const context = cdp.contexts()[0];

  async function prepare(signedIn, origin) {
    const page = await context.newPage();
    // A tiny same-origin file: the origin's storage without loading (and caching) the app.
    await page.goto(`${origin}/img/favicon.svg`);
    const token = signedIn ? await stack.token() : null;
    await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.detach();
    await page.close();
  }

  const table = [];
  const failedAudits = [];
  const mainThread = [];
  const results = {};
  try {
    for (const preset of selected.presets) {
      for (const p of selected.pages) {
        const origin = p.bare ? stack.bareUrl : stack.siteUrl;
        const url = `${origin}${p.path}`;
        const runsOut = [];
        for (let i = 0; i < runs; i++) {
          await prepare(Boolean(p.signedIn), origin);
          const flags = {
            port: PORTS.debug,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            disableStorageReset: Boolean(p.signedIn),
          };
          const res = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
          const s = summarise(res.lhr);
          s.finalUrl = res.lhr.finalDisplayedUrl;
          runsOut.push(s);
        }
        const m = (k) => median(runsOut.map((r) => r[k]));
        const row = {
          page: p.name,
          preset,
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          seo: m('seo'),
          lcp: round(m('lcp'), 0),
          tbt: round(m('tbt'), 0),
          cls: round(m('cls'), 3),
          runs: runsOut.length,
          finalUrl: runsOut.at(-1).finalUrl,
          errors: runsOut.map((r) => r.runtimeError).filter(Boolean),
        };
        table.push(row);
        results[`${p.name}|${preset}`] = row;
        for (const f of runsOut.at(-1).failed) failedAudits.push(`${p.name} (${preset}) ${f}`);
        if (preset === 'mobile')
          mainThread.push(
            `${p.name} (mobile, last run): main thread ${runsOut.at(-1).mainThread.join(', ')}; scripts ${runsOut.at(-1).bootup.join(', ')}`,
          );
        log(
          `lighthouse ${preset} ${p.name}: perf ${row.performance}, a11y ${row.accessibility}, bp ${row.bestPractices}, seo ${row.seo}, LCP ${row.lcp} ms (${runsOut.at(-1).lcpElement ?? 'no element'}), TBT ${row.tbt} ms, CLS ${row.cls}`,
        );
      }
    }
  } finally {
    await cdp.close().catch(() => {});
    await chrome.stop();
  }

  if (selected.limited) {
    const figures = table.map((row) =>
      figure({
        section: 'lighthouse',
        name: `${row.page} (${row.preset}, limited run)`,
        value: row.performance,
        unit: 'score',
        note: `LCP ${row.lcp} ms, TBT ${row.tbt} ms, CLS ${row.cls}`,
      }),
    );
    return {figures, details: {table, failedAudits: [], notes: mainThread}};
  }
  const figures = [];
  const bareM = results['bare home (baseline)|mobile'];
  const bareD = results['bare home (baseline)|desktop'];
  for (const p of PAGES.filter((x) => x.bare)) {
    const mob = results[`${p.name}|mobile`];
    const desk = results[`${p.name}|desktop`];
    figures.push(
      figure({
        section: 'lighthouse',
        name: `${p.name.replace(' (baseline)', '')}: Performance (mobile / desktop)`,
        value: `${mob.performance} / ${desk.performance}`,
        unit: 'score',
        note: `LCP ${mob.lcp} ms, TBT ${mob.tbt} ms, CLS ${mob.cls}; Accessibility ${mob.accessibility}, Best Practices ${mob.bestPractices}, SEO ${mob.seo}`,
      }),
    );
  }
  for (const p of PAGES.filter((x) => !x.bare)) {
    const mob = results[`${p.name}|mobile`];
    const desk = results[`${p.name}|desktop`];
    const where = p.signedIn ? ' (signed in)' : '';
    const ended = new URL(mob.finalUrl).pathname !== p.path ? `; ended on ${new URL(mob.finalUrl).pathname}` : '';
    // A figure of this page beside the bare site's.
    const vsBare = (what, value, unit, bare, more) =>
      figure({
        section: 'lighthouse',
        name: `${p.name}${where}: ${what}`,
        value,
        unit,
        baseline: unit === 'ms' ? `bare ${bare} ms` : `bare ${bare}`,
        baselineValue: bare,
        ...more,
      });
    const lower = (key) => Math.min(mob[key], desk[key]);
    figures.push(
      vsBare('Performance, mobile', mob.performance, 'score', bareM.performance, {
        ...(p.guide ? {goal: '>= bare', check: (v) => v >= bareM.performance} : {goal: '>= 90', check: (v) => v >= 90}),
        note: ended || undefined,
      }),
      vsBare('Performance, desktop', desk.performance, 'score', bareD.performance, PERFECT),
      vsBare('Accessibility (lower of mobile/desktop)', lower('accessibility'), 'score', bareM.accessibility, PERFECT),
      vsBare('Best Practices (lower of mobile/desktop)', lower('bestPractices'), 'score', bareM.bestPractices, PERFECT),
      p.signedIn
        ? vsBare('SEO', lower('seo'), 'score', bareM.seo, {goal: 'none (noindex page)'})
        : vsBare('SEO (lower of mobile/desktop)', lower('seo'), 'score', bareM.seo, PERFECT),
      vsBare('LCP, mobile', mob.lcp, 'ms', bareM.lcp, {
        goal: 'below bare',
        check: (_v, r) => r !== null && r < 1,
        note: `desktop ${desk.lcp} ms`,
      }),
      vsBare('TBT, mobile', mob.tbt, 'ms', bareM.tbt, {
        goal: 'below bare',
        check: (v) => v <= bareM.tbt,
        note: `desktop ${desk.tbt} ms`,
      }),
      figure({
        section: 'lighthouse',
        name: `${p.name}${where}: CLS (higher of mobile/desktop)`,
        value: Math.max(mob.cls, desk.cls),
        unit: '',
        baseline: `bare ${bareM.cls}`,
        goal: '0',
        check: (v) => v === 0,
      }),
    );
    if (p.stock) figures.push(...againstStock(`${p.name}${where}`, mob, results[`${p.stock}|mobile`]));
  }
  const notes = [
    'Mobile: Lighthouse default (simulated slow 4G, 4x CPU slowdown, Moto G-class screen). Desktop: lighthouse/core/config/desktop-config.js.',
    'Signed-in pages: a fresh session token is put in localStorage over CDP before each run; Lighthouse runs with disableStorageReset and the HTTP cache is cleared first.',
    'The portal is served by scripts/lib/static-server.mjs (gzip, _headers) on http://localhost:14000; the bare site by the same server on :14001.',
  ];
  return {figures, details: {table, failedAudits: [...new Set(failedAudits)], notes: [...notes, ...mainThread]}};
}

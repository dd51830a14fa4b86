// Section: the main thread's long tasks of the guide pages on a phone. Each page is loaded cold (a fresh browser
// context) in Debian's Chromium at Lighthouse's mobile viewport (412x823, 1.75x, touch) with the CPU slowed 4x
// (Emulation.setCPUThrottlingRate; the network is the loopback, unthrottled) and traced with Chromium's tracing
// (the performance panel's categories); signed-in pages get the token in the portal origin's localStorage first.
// The load is left to settle (network idle, the page's heading shown, then a second with no task over 50 ms) before
// the trace stops; tasks that only run the bench's own DevTools commands are left out. From the renderer's main thread: every task over 50 ms, what ran in it (trace-tasks.mjs), the
// count, the blocking time (each task's part over 50 ms) and the longest task; medians of the runs, pages taken in
// turn within each run so the bare home of the same run is the baseline (and, for the Quick Start, the
// Configuration reference and Frameworks, the same content on a stock Docusaurus docs page, as lighthouse.mjs measures it). One more run per page adds V8's sampling
// profiler (which slows the load a little) for the functions inside each task. Traces of the representative run
// (the one nearest the median blocking time) and of the profiled run are kept in bench/.work/long-tasks/ (open them
// in Chromium's performance panel), with every task's breakdown in bench/.work/long-tasks/long-tasks.json.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {ROOT, WORK, figure, launchChromium, log, median, round, sleep} from './common.mjs';
import {ensureBareBuild, ensurePortalBuild} from './builds.mjs';
import {STOCK_PAGES} from './bare-docs.mjs';
import {startSiteStack} from './stack.mjs';
import {longTasks, taskLine} from './trace-tasks.mjs';

const SECTION = 'long-tasks';
const OUT = path.join(WORK, 'long-tasks');
// The same content on a stock Docusaurus docs page (bare-docs.mjs): the second baseline of the guide page it renders.
const STOCK = STOCK_PAGES.map(({file, path: stockPath}) => {
  const slug = file.replace(/\.mdx$/, '');
  return {name: `stock ${slug} (baseline)`, path: stockPath, bare: true, guide: `/dashboard/${slug}`};
});
const GUIDE = [
  '/dashboard',
  ...['quick-start', 'configuration', 'frameworks', 'api-reference'].map((p) => `/dashboard/${p}`),
];
const PAGES = [
  {name: 'bare home (baseline)', path: '/', bare: true},
  ...STOCK,
  ...GUIDE.map((p) => ({name: p, path: p, stock: STOCK.find((s) => s.guide === p)?.name})),
];
const CPU_SLOWDOWN = 4;
// Lighthouse's mobile screen (a Moto G Power).
const PHONE = {viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true};
const CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
];
const PROFILER = 'disabled-by-default-v8.cpu_profiler';
const QUIET_MS = 1000;

/** Records when the last task over 50 ms ended, so the load can be called settled after a quiet second. */
function watchLongTasks() {
  window.__benchLastLongTask = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__benchLastLongTask = Math.max(window.__benchLastLongTask, e.startTime + e.duration);
    }).observe({type: 'longtask', buffered: true});
  } catch {
    // documents without the API (an SVG)
  }
}

// Polled over CDP, not with Playwright's locators: their injected script is itself a long task on a slowed CPU.
const SETTLED = `(() => {
  const heading = document.querySelector('h1');
  return Boolean(heading?.checkVisibility()) && performance.now() - (window.__benchLastLongTask ?? 0) > ${QUIET_MS};
})()`;

/** Waits for the page's heading and then a second with no task over 50 ms. */
async function settle(cdp) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const {result} = await cdp.send('Runtime.evaluate', {expression: SETTLED, returnByValue: true});
    if (result?.value === true) return;
    if (Date.now() > deadline) throw new Error('the page did not settle within 60 s');
    await sleep(250);
  }
}

async function traceLoad(browser, stack, p, {profile}) {
  const origin = p.bare ? stack.bareUrl : stack.siteUrl;
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(watchLongTasks);
    const page = await context.newPage();
    // A tiny same-origin file first: the origin's storage without loading (and caching) the app.
    await page.goto(`${origin}${p.bare ? '/img/favicon.ico' : '/img/favicon.svg'}`);
    const token = p.bare ? null : await stack.token();
    await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
    await browser.startTracing(undefined, {categories: profile ? [...CATEGORIES, PROFILER] : CATEGORIES});
    let buffer;
    try {
      await page.goto(`${origin}${p.path}`, {waitUntil: 'load', timeout: 120_000});
      await page.waitForLoadState('networkidle', {timeout: 120_000});
      await settle(cdp);
    } finally {
      buffer = await browser.stopTracing();
    }
    const finalPath = new URL(page.url()).pathname;
    const trace = JSON.parse(buffer.toString('utf8'));
    const result = longTasks(trace, p.path);
    if (!result) throw new Error(`no navigation to ${p.path} found in the trace`);
    return {...result, finalPath, buffer};
  } finally {
    await context.close();
  }
}

const slug = (p) => (p.path === '/' ? 'bare-home' : p.path.replace(/^\//, '').replace(/\//g, '-'));

function keepTrace(p, label, buffer) {
  const file = path.join(OUT, `${slug(p)}-${label}.json.gz`);
  writeFileSync(file, gzipSync(buffer));
  return path.relative(ROOT, file);
}

export async function run({runs = 3}) {
  await ensurePortalBuild();
  await ensureBareBuild({rebuild: false});
  rmSync(OUT, {recursive: true, force: true});
  mkdirSync(OUT, {recursive: true});
  const stack = await startSiteStack();
  const browser = await launchChromium();
  // results[page][run] = {count, tbt, longest, tasks, buffer}
  const results = Object.fromEntries(PAGES.map((p) => [p.name, []]));
  const profiled = {};
  try {
    for (let i = 0; i < runs; i++) {
      for (const p of PAGES) {
        const r = await traceLoad(browser, stack, p, {profile: false});
        log(
          `long tasks run ${i + 1} ${p.name}: ${r.count} tasks over 50 ms, blocking ${r.tbt} ms, longest ${r.longest} ms`,
        );
        results[p.name].push(r);
      }
    }
    for (const p of PAGES) {
      profiled[p.name] = await traceLoad(browser, stack, p, {profile: true});
      log(`long tasks profiled ${p.name}: ${profiled[p.name].count} tasks, blocking ${profiled[p.name].tbt} ms`);
    }
  } finally {
    await browser.close();
  }

  const bareRuns = results[PAGES[0].name];
  const figures = [];
  const notes = [
    `Cold loads in Chromium at 412x823 (1.75x, touch), CPU slowed ${CPU_SLOWDOWN}x, loopback network; a task is the renderer main thread's RunTask; blocking time is the sum of each task's part over 50 ms (TBT's rule, here over the whole load until a quiet second, not only after the first paint). Medians of ${runs} runs; the ratio is the median of each run's ratio to the bare home of the same run.`,
  ];
  const details = {pages: {}};
  for (const p of PAGES) {
    const rs = results[p.name];
    const med = (k) => median(rs.map((r) => r[k]));
    const ratios = rs.map((r, i) => (bareRuns[i].tbt > 0 ? r.tbt / bareRuns[i].tbt : null));
    // The representative run: the one whose blocking time is nearest the median.
    const tbt = med('tbt');
    const rep = rs.reduce((best, r) => (Math.abs(r.tbt - tbt) < Math.abs(best.tbt - tbt) ? r : best), rs[0]);
    const repIndex = rs.indexOf(rep);
    const spread = `runs: ${rs.map((r) => `${r.count} tasks / ${r.tbt} ms / longest ${r.longest} ms`).join('; ')}`;
    const ended = rs.some((r) => r.finalPath !== p.path) ? `; ended on ${rs.at(-1).finalPath}` : '';
    const signedIn = p.bare ? '' : ' (signed in)';
    figures.push(
      figure({
        section: SECTION,
        name: `${p.name}${signedIn}: long tasks (over 50 ms)`,
        value: med('count'),
        unit: 'tasks',
        baseline: p.bare ? null : `bare ${median(bareRuns.map((r) => r.count))}`,
        note: spread + ended,
      }),
      figure({
        section: SECTION,
        name: `${p.name}${signedIn}: blocking time of the long tasks`,
        value: round(tbt, 0),
        unit: 'ms',
        baseline: p.bare ? null : `bare ${round(median(bareRuns.map((r) => r.tbt)), 0)} ms`,
        ratio: p.bare ? null : round(median(ratios), 2),
        goal: p.bare ? null : '<= bare',
        check: p.bare ? undefined : (_v, ratio) => ratio !== null && ratio <= 1,
        note: `with the profiler on: ${profiled[p.name].tbt} ms`,
      }),
      figure({
        section: SECTION,
        name: `${p.name}${signedIn}: longest task`,
        value: round(med('longest'), 0),
        unit: 'ms',
        baseline: p.bare ? null : `bare ${round(median(bareRuns.map((r) => r.longest)), 0)} ms`,
      }),
    );
    if (p.stock) {
      const stockRuns = results[p.stock];
      const stockRatios = rs.map((r, i) => (stockRuns[i].tbt > 0 ? r.tbt / stockRuns[i].tbt : null));
      figures.push(
        figure({
          section: SECTION,
          name: `${p.name}${signedIn}: blocking time against the same content on a stock docs page`,
          value: round(tbt, 0),
          unit: 'ms',
          baseline: `stock ${round(median(stockRuns.map((r) => r.tbt)), 0)} ms`,
          ratio: round(median(stockRatios), 2),
          goal: '<= 1.2x stock',
          check: (_v, ratio) => ratio !== null && ratio <= 1.2,
        }),
      );
    }
    const repTrace = keepTrace(p, `run${repIndex + 1}`, rep.buffer);
    const profTrace = keepTrace(p, 'profiled', profiled[p.name].buffer);
    notes.push(
      `${p.name}, run ${repIndex + 1} (representative; trace ${repTrace}): ${rep.tasks.map(taskLine).join(' | ') || 'no task over 50 ms'}`,
    );
    const strip = ({buffer: _buffer, ...r}) => r;
    details.pages[p.name] = {
      runs: rs.map(strip),
      representativeRun: repIndex + 1,
      profiled: {...strip(profiled[p.name]), trace: profTrace},
      trace: repTrace,
    };
  }
  writeFileSync(path.join(OUT, 'long-tasks.json'), `${JSON.stringify(details, null, 2)}\n`);
  notes.push(
    'Every task of every run, with the profiled run (top self-time functions per task): bench/.work/long-tasks/long-tasks.json.',
  );
  return {figures, details: {notes}};
}

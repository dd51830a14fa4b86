// Section 5: the SDK's gzip sizes (node sdk/size.mjs, level 9) and the time from IntakeKit.init to the first
// question on screen in Chromium, with the API on loopback and a real sandbox key created through the API.
// The page is a plain HTML file on the portal's origin that loads /sdk/v1/intake.css and /sdk/v1/intake.js
// (the bench's SDK build, pointed at the bench API) and calls init once the script has loaded; there is no
// demo delay in it, so the figure is what comes after the portal demo's fixed 1 s delay.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {ROOT, figure, launchChromium, log, median, round, unavailable} from './common.mjs';
import {BUILD_FASTER, SDK_OUT, ensurePortalBuild} from './builds.mjs';
import {startSiteStack} from './stack.mjs';

const PAGE = 'bench-sdk.html';
// A file of its own, not an inline script: the build's Content-Security-Policy (served by the static server from
// _headers) allows scripts from the portal's origin and only the hashed inline scripts Docusaurus emits.
const SCRIPT = 'bench-sdk.js';

function sizes() {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'sdk', 'size.mjs')], {encoding: 'utf8'});
  try {
    return {...JSON.parse(r.stdout.trim().split('\n').at(-1)), source: 'node sdk/size.mjs (static/sdk/v1)'};
  } catch {
    // The shared static/sdk may be mid-rebuild by someone else: measure the bench's own build the same way.
    const gz = (f) => gzipSync(readFileSync(path.join(SDK_OUT, f)), {level: 9}).length;
    return {js_gzip: gz('intake.js'), css_gzip: gz('intake.css'), source: 'bench/.work/sdk/v1 (gzip -9)'};
  }
}

function pageScript() {
  return `  window.benchInit = (apiKey) => new Promise((resolve) => {
    const t0 = performance.now();
    const handle = IntakeKit.init({container: '#intake', apiKey, flowId: 'new-patient', env: 'sandbox'});
    handle.on('error', (e) => resolve({error: String(e && (e.code || e.message))}));
    handle.on('ready', () => {
      const ready = performance.now() - t0;
      // The question is in the DOM at 'ready'; the next frame is when it is painted.
      requestAnimationFrame(() => setTimeout(() => resolve({
        ready,
        painted: performance.now() - t0,
        question: (document.querySelector('#intake .ik-title') || {}).textContent || null,
      }), 0));
    });
  });
`;
}

function pageHtml() {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SDK bench</title>
<link rel="stylesheet" href="/sdk/v1/intake.css"></head>
<body><div id="intake"></div>
<script src="/sdk/v1/intake.js"></script>
<script src="/${SCRIPT}"></script>
</body></html>
`;
}

/** The init figure when it could not be measured, and why. */
const initUnavailable = (note) =>
  unavailable({section: 'sdk', name: 'init to first question rendered', unit: 'ms', goal: '< 150 ms', note});

export async function run({runs = 3}) {
  const figures = [];
  const s = sizes();
  figures.push(
    figure({
      section: 'sdk',
      name: 'SDK script intake.js (gzip)',
      value: s.js_gzip,
      unit: 'B',
      goal: '<= 15,000 B (sdk budget)',
      check: (v) => v <= 15_000,
      note: s.source,
    }),
    figure({
      section: 'sdk',
      name: 'SDK stylesheet intake.css (gzip)',
      value: s.css_gzip,
      unit: 'B',
      goal: '<= 4,000 B (sdk budget)',
      check: (v) => v <= 4_000,
      note: s.source,
    }),
  );
  await ensurePortalBuild();
  const stack = await startSiteStack({bare: false});
  if (!stack.routes.sdkSessions || !stack.apiKey) {
    figures.push(
      initUnavailable(
        !stack.routes.sdkSessions
          ? 'not yet available: no POST /api/sdk/sessions'
          : 'not yet available: no sandbox key could be created',
      ),
    );
    return {figures, details: {}};
  }
  writeFileSync(path.join(BUILD_FASTER, PAGE), pageHtml());
  writeFileSync(path.join(BUILD_FASTER, SCRIPT), pageScript());
  if (!existsSync(path.join(BUILD_FASTER, 'sdk', 'v1', 'intake.js'))) throw new Error('no SDK in the portal build');
  const browser = await launchChromium();
  const samples = [];
  const errors = [];
  try {
    const total = Math.max(5, runs * 2);
    for (let i = 0; i < total; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${stack.siteUrl}/${PAGE}`, {waitUntil: 'load'});
      const r = await page.evaluate((key) => window.benchInit(key), stack.apiKey);
      if (r.error) errors.push(r.error);
      else samples.push(r);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (!samples.length) {
    figures.push(initUnavailable(`every run failed: ${[...new Set(errors)].join(', ')}`));
    return {figures, details: {errors}};
  }
  // The first run pays the API's cold paths (JIT, first key lookup); it is reported but not in the median.
  const warm = samples.length > 1 ? samples.slice(1) : samples;
  const painted = round(median(warm.map((x) => x.painted)), 1);
  const ready = round(median(warm.map((x) => x.ready)), 1);
  log(
    `SDK init to first question: ${painted} ms (ready event ${ready} ms), first run ${round(samples[0].painted, 1)} ms`,
  );
  figures.push(
    figure({
      section: 'sdk',
      name: 'init to first question rendered (Chromium, API on loopback)',
      value: painted,
      unit: 'ms',
      goal: '< 150 ms',
      check: (v) => v < 150,
      note: `ready event at ${ready} ms; first (cold) run ${round(samples[0].painted, 1)} ms; median of ${warm.length}; question "${samples[0].question}"${errors.length ? `; ${errors.length} failed runs: ${[...new Set(errors)].join(', ')}` : ''}`,
    }),
  );
  return {
    figures,
    details: {samples: samples.map((x) => ({ready: round(x.ready, 1), painted: round(x.painted, 1)})), errors},
  };
}

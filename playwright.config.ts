import {defineConfig, devices, type TraceMode} from '@playwright/test';
import {SITE_URL} from './e2e/support/ports';
import {CHROMIUM_FLAGS, chromiumPath} from './scripts/lib/chromium.mjs';

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const executablePath = chromiumPath();
const DESKTOP = {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}};
const API_RESTARTS = ['**/auth.spec.ts', '**/unverified.spec.ts', '**/production-access.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // One file at a time: one worker's Chromium, API and static server already keep both cores busy. Two at a time
  // (each test makes its own accounts, so E2E_WORKERS=2 still works against the one stack) took longer: four files of
  // 52 tests ran in 4.8 min with one worker and 5.1 min with two, and every test three times as long, so the longest
  // neared their limits (2026-11-27). The tests inside a file run in order.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Room for the longest tests (a walk through every guide page) on a machine that CI's other tiers share.
  timeout: 90_000,
  expect: {timeout: 10_000},
  outputDir: '.e2e/test-results',
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', {outputFile: process.env.E2E_JSON_REPORT}]] : [['list']],
  use: {
    baseURL: SITE_URL,
    // The portal ships a strict CSP; axe is injected as an inline script. e2e/security.spec.ts sets bypassCSP: false.
    bypassCSP: true,
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace (a screencast and a DOM snapshot per
    // action) took a fifth of the run's time and CPU. Eleven tests ran in 72 s with it and in 56-60 s without, screencast
    // alone 7 s of that (2026-11-27). A failure still leaves its screenshot and the page's accessibility snapshot.
    trace: (process.env.E2E_TRACE ?? 'off') as TraceMode,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_FLAGS, '--disable-quic'],
    },
  },
  projects: [
    {
      name: 'desktop',
      testMatch: '**/*.spec.ts',
      testIgnore: API_RESTARTS,
      use: DESKTOP,
    },
    // Files that stop or restart the shared API (with other settings) would fail the requests of a file running
    // beside them: they run after 'desktop', one at a time.
    {name: 'api-restarts', testMatch: API_RESTARTS, dependencies: ['desktop'], workers: 1, use: DESKTOP},
    // The logs audit (no password, token or key in any log) reads what the whole run left, so it runs last.
    // Running other files alone leaves it out; if an earlier test fails it does not run (counted as skipped), and
    // the run fails anyway.
    {name: 'logs', testMatch: 'logs.audit.ts', dependencies: ['desktop', 'api-restarts']},
  ],
});

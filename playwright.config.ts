import {defineConfig, devices} from '@playwright/test';
import {SITE_URL} from './e2e/support/ports';
import {chromiumPath} from './scripts/lib/chromium.mjs';

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const executablePath = chromiumPath();
const DESKTOP = {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}};
const API_RESTARTS = ['**/auth.spec.ts', '**/unverified.spec.ts', '**/production-access.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Files run two at a time against the one shared stack (each test makes its own accounts; the e2e API's per-address
  // limits are raised in e2e/support/stack.ts, as every browser comes from 127.0.0.1); the tests inside a file run in
  // order. E2E_WORKERS=1 runs one file at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Two files at a time share the cores: room for the longest tests (a walk through every guide page) to take longer.
  timeout: 90_000,
  expect: {timeout: 10_000},
  outputDir: '.e2e/test-results',
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', {outputFile: process.env.E2E_JSON_REPORT}]] : [['list']],
  use: {
    baseURL: SITE_URL,
    // The portal ships a strict CSP; axe is injected as an inline script. e2e/security.spec.ts sets bypassCSP: false.
    bypassCSP: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
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

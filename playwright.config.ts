import {defineConfig, devices} from '@playwright/test';
import {SITE_URL} from './e2e/support/ports';
import {chromiumPath} from './scripts/lib/chromium.mjs';

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const executablePath = chromiumPath();

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // The stack is shared and some tests restart the API, so files run one at a time, in one worker.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
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
      use: {...devices['Desktop Chrome'], viewport: {width: 1280, height: 800}},
    },
    // The logs audit (no password, token or key in any log) reads what the whole 'desktop' run left, so it runs
    // after it. Running other files alone leaves it out; if a 'desktop' test fails it does not run (counted as
    // skipped), and the run fails anyway.
    {name: 'logs', testMatch: 'logs.audit.ts', dependencies: ['desktop']},
  ],
});

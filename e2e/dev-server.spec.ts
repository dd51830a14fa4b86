/**
 * `npm start`, the development stack, as a developer runs it: the portal's dev server and the API on the embedded
 * defaults, in a data directory of its own. The guide's search works there as in a build (the index used to be
 * written by the production build only, so search said it could not be loaded).
 * Uses Playwright's own `test`: the dev build of React logs warnings the fixtures would count as page errors.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {DEFAULT_PASSWORD, TURNSTILE_PLACEHOLDER} from './fixtures';
import {startStackProcess, ROOT} from './support/processes';
import {waitForUrl, type ManagedProcess} from '../scripts/lib/processes.mjs';

const SITE_PORT = Number(process.env.E2E_DEV_SITE_PORT ?? 13100);
const API_PORT = Number(process.env.E2E_DEV_API_PORT ?? 18900);
const SITE = `http://localhost:${SITE_PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;

test.describe('npm start', () => {
  test.describe.configure({mode: 'serial'});
  let stack: ManagedProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'intakekit-dev-'));
    // The embedded defaults: none of the addresses or servers a CI run may have set for other suites.
    const env = {...process.env};
    for (const name of [
      'API_URL',
      'PORTAL_URL',
      'SDK_CDN_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'REDIS_URL',
      'SDK_API_BASE',
    ])
      delete env[name];
    stack = startStackProcess(
      process.execPath,
      [path.join(ROOT, 'scripts', 'start.mjs'), 'dev'],
      {
        ...env,
        HOST: '127.0.0.1',
        PORT: String(API_PORT),
        SITE_PORT: String(SITE_PORT),
        DATA_DIR: dataDir,
        // Signed in without following the emailed link: this test is about the dev server, not verification.
        LOGIN_REQUIRES_VERIFIED_EMAIL: 'false',
      },
      'npm start',
    );
    await waitForUrl(`${API}/api/health/ready`, {process: stack, timeoutMs: 240_000, ready: (s) => s === 200});
    await waitForUrl(`${SITE}/dashboard`, {process: stack, timeoutMs: 240_000, ready: (s) => s === 200});
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, {recursive: true, force: true});
  });

  test('the guide is searchable: Ctrl+K, "rotate", a result that opens its page', async ({page}) => {
    test.setTimeout(180_000);
    const email = `dev-server-${Date.now().toString(36)}@clinic.test`;
    const post = (route: string, body: unknown) =>
      fetch(`${API}${route}`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('/api/auth/register', {
          email,
          password: DEFAULT_PASSWORD,
          name: 'Devi Dev',
          turnstileToken: TURNSTILE_PLACEHOLDER,
        })
      ).status,
    ).toBe(201);
    const login = await post('/api/auth/login', {
      email,
      password: DEFAULT_PASSWORD,
      turnstileToken: TURNSTILE_PLACEHOLDER,
    });
    expect(login.status).toBe(200);
    const {token} = (await login.json()) as {token: string};

    await page.goto(`${SITE}/img/favicon.svg`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto(`${SITE}/dashboard`);
    await expect(page.getByRole('button', {name: 'Search', exact: true})).toBeVisible({timeout: 60_000});
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');

    const dialog = page.getByRole('dialog', {name: 'Search'});
    const box = dialog.getByRole('combobox', {name: 'Search the SDK guide and the API reference'});
    await page.keyboard.press('Control+K');
    await expect(box).toBeFocused();
    await box.fill('rotate');
    const results = dialog.getByRole('listbox', {name: 'Results'}).getByRole('option');
    await expect(results.first()).toBeVisible({timeout: 30_000});
    await expect(dialog.getByText('The search index could not be loaded.')).toHaveCount(0);
    const first = (await results.first().innerText()).split('\n')[0]!;
    await results.first().click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\//);
    expect(first.length).toBeGreaterThan(0);
  });

  test('llms.txt is served, with the addresses of this portal', async () => {
    const llms = await fetch(`${SITE}/llms.txt`);
    expect(llms.status).toBe(200);
    expect(await llms.text()).toContain(`${SITE}/dashboard/quick-start.md`);
  });
});

/**
 * Keys for browsers, as a developer uses them: a sandbox key restricted to one origin runs the Quick Start's
 * snippet on a static page from that origin and shows the SDK's origin message on another; the request log lists
 * both; a rotation with a 1-hour grace keeps both keys working and shows the time left; name, origins and expiry
 * are edited from the page; axe and 375 px on the new views.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {serveStatic} from '../scripts/lib/static-server.mjs';
import {test, expect, expectAccessible, users} from './fixtures';
import {API_URL, SITE_URL} from './support/ports';
import {copyQuickStart} from './support/quick-start';

const STATIC_PORT = 13902;
// One static server, two origins: the key allows the first only.
const ALLOWED = `http://127.0.0.1:${STATIC_PORT}`;
const OTHER = `http://localhost:${STATIC_PORT}`;
const CONFIRM_ROTATE = 'Rotate this key? The old key will stop working.';

/** POST /api/sdk/sessions as a page on `origin` would. */
async function sdkStatus(apiKey: string, origin: string): Promise<number> {
  const res = await fetch(`${API_URL}/api/sdk/sessions`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization: `Bearer ${apiKey}`, origin},
    body: JSON.stringify({flowId: 'telehealth-consent', env: 'sandbox'}),
  });
  return res.status;
}

const rows = (page: Page) => page.getByTestId('api-key-row');

test.describe('a sandbox key restricted to one origin', () => {
  // The SDK reports the refused origin on the page it runs in, as an error in that page's console too.
  test.use({allowConsoleErrors: [/is not an allowed origin for this key/]});
  let dir: string;
  let server: Server;

  test.beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'intakekit-origins-'));
    server = await serveStatic({dir, port: STATIC_PORT, host: '127.0.0.1'});
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, {recursive: true, force: true});
  });

  test('runs on its allowed origin only, logs both attempts, and rolls with a grace period', async ({
    page,
    context,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: SITE_URL});
    const user = await users.create({name: 'Orla Origins'});
    await users.signIn(page, user, '/api-keys');
    await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
    const apiKey = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
    await page.getByTestId('new-key-banner').getByRole('button', {name: 'Dismiss'}).click();
    const ending = apiKey.slice(-8);

    // Details: rename, restrict to one origin (a malformed entry is refused first, in the API's words), expire.
    await page.getByRole('button', {name: `Details of Sandbox key (ending ${ending})`}).click();
    await expect(page.getByRole('heading', {name: `Details: Sandbox key (ending ${ending})`})).toBeFocused();
    const form = page.getByRole('form', {name: 'Key settings'});
    await form.getByLabel('Name').fill('Clinic web');
    await form.getByLabel('Allowed origins').fill(`${ALLOWED}/intake`);
    await form.getByRole('button', {name: 'Save settings'}).click();
    await expect(form.getByRole('alert')).toHaveText(
      `${ALLOWED}/intake is not a valid origin: use scheme://host[:port], with no path, query or fragment.`,
    );
    await form.getByLabel('Allowed origins').fill(ALLOWED);
    await form.getByLabel('Expires').selectOption({label: 'In 30 days'});
    await form.getByRole('button', {name: 'Save settings'}).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    const row = rows(page).first();
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^Clinic web\s*Sandbox$/);
    await expect(row.getByRole('cell').nth(2)).toContainText('Expires in 30 days');
    await expectAccessible(page);

    // The Quick Start's snippet, copied from the guide, on a static page served from both origins.
    await page.goto('/dashboard/quick-start');
    const {install, initialise} = await copyQuickStart(page);
    // The snippet carries the reader's key: nothing to edit.
    expect(initialise).toContain(apiKey);
    writeFileSync(
      path.join(dir, 'intake.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Clinic</title>${install}</head><body>${initialise}</body></html>`,
    );
    await page.goto(`${ALLOWED}/intake.html`);
    await expect(page.locator('#intake').getByRole('heading', {name: 'What brings you in today?'})).toBeVisible({
      timeout: 15_000,
    });
    await page.goto(`${OTHER}/intake.html`);
    // The visitor gets a short message; the developer's detail is on the console (allowConsoleErrors above).
    await expect(page.locator('#intake').getByRole('alert')).toHaveText(
      'This form cannot be shown here. Please contact the clinic.',
    );

    // The request log shows both attempts (usage is written about once a second: refresh until it is there).
    await page.goto('/api-keys');
    await page.getByRole('button', {name: `Details of Clinic web (ending ${ending})`}).click();
    const log = page.getByRole('table', {name: 'Request log'});
    await expect(async () => {
      await page.getByRole('button', {name: 'Refresh'}).click();
      await expect(log.getByRole('row').filter({hasText: OTHER})).toContainText('ORIGIN_NOT_ALLOWED (403)', {
        timeout: 1000,
      });
    }).toPass({timeout: 15_000});
    await expect(log.getByRole('row').filter({hasText: ALLOWED}).first()).toContainText('OK');
    await expect(page.getByRole('img', {name: /^1 sessions in the last 30 days/})).toBeVisible();

    // Rotate with a 1-hour grace: both keys work, and the old one shows the time left.
    await row.getByRole('button', {name: `Rotate Clinic web (ending ${ending})`}).click();
    const dialog = page.getByRole('dialog', {name: CONFIRM_ROTATE});
    await expect(dialog.getByRole('radio', {name: 'In 24 hours'})).toBeChecked();
    await dialog.getByRole('radio', {name: 'In 1 hour'}).check();
    await expectAccessible(page);
    await dialog.getByRole('button', {name: 'Rotate key'}).click();
    const fresh = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
    expect(fresh).toMatch(/^ik_sandbox_/);
    const oldRow = rows(page).filter({hasText: ending});
    await expect(oldRow.getByRole('cell').nth(2)).toHaveText(/^Active\s*Stops working in (60|59) min$/);
    await expect(oldRow.getByRole('button', {name: /^Rotate/})).toHaveCount(0);
    expect(await sdkStatus(apiKey, ALLOWED)).toBe(200);
    expect(await sdkStatus(fresh, ALLOWED)).toBe(200);
    // The successor kept the name and the origins.
    expect(await sdkStatus(fresh, OTHER)).toBe(403);
    await expect(
      rows(page)
        .filter({hasText: fresh.slice(-8)})
        .getByRole('cell')
        .nth(0),
    ).toHaveText(/^Clinic web\s*Sandbox$/);

    // At 375 px: the rows stack into cards, the details fit, nothing scrolls sideways.
    await page.setViewportSize({width: 375, height: 760});
    await page.getByRole('button', {name: `Details of Clinic web (ending ${fresh.slice(-8)})`}).click();
    await expect(page.getByRole('form', {name: 'Key settings'})).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });

  test('the keys table fits its card at 1280x800', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    const user = await users.create({name: 'Wes Wide'});
    await users.signIn(page, user, '/api-keys');
    await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
    await expect(rows(page)).toHaveCount(1);
    const table = page.getByRole('table', {name: 'API keys'});
    const fits = await table.evaluate((el) => {
      const scroller = el.parentElement!;
      return scroller.scrollWidth <= scroller.clientWidth;
    });
    expect(fits).toBe(true);
    await expect(
      rows(page)
        .first()
        .getByRole('button', {name: /^Revoke/}),
    ).toBeInViewport();
  });
});

/**
 * The account pages within reach: every account link of the Developer sidebar can be clicked without scrolling on a
 * 1280 x 800 screen and is whole in the phone menu, and no table of the account pages is wider than its card at
 * 1280 px, with the longest values a table shows (a used key, one in its grace period, a revoked one).
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect, apiCall, users} from './fixtures';
import {API_URL} from './support/ports';

const ACCOUNT_LINKS = ['API Keys', 'Submissions', 'Webhooks', 'Intake flows', 'Settings', 'Activity'];

const sidebar = (page: Page) => page.locator('#developer-sidebar');
const nav = (page: Page) => sidebar(page).getByRole('navigation', {name: 'Developer navigation'});

/**
 * The link is on screen and nothing covers it: its top, middle and bottom hit the link itself. Polled, because the
 * phone menu slides in: mid-way the link is still partly off screen.
 */
async function expectReachable(link: Locator, name: string): Promise<void> {
  await expect(link, name).toBeVisible();
  const uncovered = () =>
    link.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const x = box.left + Math.min(24, box.width / 2);
      return [box.top + 2, box.top + box.height / 2, box.bottom - 2]
        .filter((y) => {
          const inside = x >= 0 && x <= window.innerWidth && y >= 0 && y <= window.innerHeight;
          const hit = inside ? document.elementFromPoint(x, y) : null;
          return !hit || !element.contains(hit);
        })
        .map((y) => Math.round(y));
    });
  await expect.poll(uncovered, {message: `${name}: points of the link that are off screen or covered`}).toEqual([]);
}

async function createUsedKeys(token: string): Promise<void> {
  const created = await apiCall<{apiKey: string; key: {id: string}}>('POST', '/api/keys/sandbox', undefined, token);
  const res = await fetch(`${API_URL}/api/sdk/sessions`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization: `Bearer ${created.apiKey}`},
    body: JSON.stringify({flowId: 'telehealth-consent', env: 'sandbox'}),
  });
  expect(res.status).toBe(200);
  // The old key stays active for a day beside its successor; another is revoked: the table's longest rows.
  await apiCall('POST', `/api/keys/${created.key.id}/rotate`, {gracePeriod: '24h'}, token);
  const other = await apiCall<{key: {id: string}}>('POST', '/api/keys/sandbox', undefined, token);
  await apiCall('DELETE', `/api/keys/${other.key.id}/revoke`, {}, token);
}

test.describe('the account pages within reach', () => {
  test('every account link can be clicked without scrolling at 1280 x 800', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    const user = await users.create({name: 'Rhea Reach'});
    for (const path of ['/dashboard', '/api-keys', '/settings', '/activity']) {
      await users.signIn(page, user, path);
      for (const name of ACCOUNT_LINKS) {
        await expectReachable(nav(page).getByRole('link', {name, exact: true}), `${name} on ${path}`);
      }
    }
    await nav(page).getByRole('link', {name: 'Activity', exact: true}).click();
    await expect(page).toHaveURL(/\/activity$/);
  });

  test('the phone menu shows every account link whole', async ({page}) => {
    await page.setViewportSize({width: 375, height: 667});
    const user = await users.create({name: 'Rhea Reach'});
    await users.signIn(page, user, '/dashboard');
    await page.getByRole('button', {name: 'Menu', exact: true}).click();
    await expect(sidebar(page).getByRole('button', {name: 'Log out'})).toBeVisible();
    for (const name of ACCOUNT_LINKS) {
      await expectReachable(nav(page).getByRole('link', {name, exact: true}), name);
    }
    await nav(page).getByRole('link', {name: 'API Keys', exact: true}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'API Keys'})).toBeVisible();
  });

  test('the API Keys page names the team as a link to the Team page', async ({page}) => {
    const user = await users.create({name: 'Tia Team', teamName: 'Harbor Pediatrics'});
    await users.signIn(page, user, '/api-keys');
    await page.getByRole('link', {name: 'Harbor Pediatrics', exact: true}).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Team'})).toBeVisible();
  });

  test('no table of the account pages is wider than its card at 1280 px', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    const user = await users.create({name: 'Tobias Tablewidth-Longername', teamName: 'Northwind Family Clinic'});
    const token = await users.token(user);
    await createUsedKeys(token);
    // Last Used shows a date once the API has written the key's use (about once a second).
    await users.signIn(page, user, '/api-keys');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('api-key-row').filter({hasText: 'Stops working in'})).not.toContainText('Never', {
        timeout: 1000,
      });
    }).toPass({timeout: 15_000});

    for (const path of ['/api-keys', '/team', '/activity']) {
      await users.signIn(page, user, path);
      const tables = page.getByRole('table');
      await expect(tables.first()).toBeVisible();
      if (path === '/api-keys') {
        // The used key's details add its request log: a table inside the keys table's row.
        await page
          .getByRole('button', {name: /^Details of Sandbox key \(/})
          .last()
          .click();
        await expect(page.getByRole('table', {name: 'Request log'})).toBeVisible();
      }
      for (const table of await tables.all()) {
        const fit = await table.evaluate((element) => {
          const card = element.closest('[role="region"]') ?? element.parentElement!;
          return {table: element.scrollWidth, card: card.clientWidth, label: element.getAttribute('aria-label')};
        });
        expect(fit.table, `${path}: the table ${fit.label ?? ''} is wider than its card`).toBeLessThanOrEqual(fit.card);
        // Brought on screen by the page's own scroll; a header cut off by the table's card is not in view.
        await table.scrollIntoViewIfNeeded();
        for (const header of await table.getByRole('columnheader').all()) {
          await expect(header).toBeInViewport({ratio: 1});
        }
      }
    }
  });
});

/**
 * Server keys on the API Keys page, below the browser keys: create a sandbox server key by keyboard, read it once,
 * read the submissions API with it, revoke it behind a confirmation, and the API refuses it at once. At 1280 px
 * and at 375 px in the dark theme, checked with axe.
 */
import type {Page} from '@playwright/test';
import {test, expect, expectAccessible, users} from './fixtures';
import {API_URL} from './support/ports';

/** What a clinic's backend does with the key: GET /api/v1/submissions. */
async function listSubmissions(key: string): Promise<{status: number; body: unknown}> {
  const res = await fetch(`${API_URL}/api/v1/submissions`, {headers: {authorization: `Bearer ${key}`}});
  return {status: res.status, body: await res.json()};
}

async function createRevokeAndCall(page: Page): Promise<void> {
  const user = await users.create({teamName: 'Server Keys Clinic'});
  await users.signIn(page, user, '/api-keys');
  const section = page.getByRole('region', {name: 'Server keys'});
  await expect(section.getByText('No server keys yet.')).toBeVisible();

  const create = section.getByRole('button', {name: 'Create server key'});
  await create.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {name: 'Create server key'});
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Environment')).toHaveValue('sandbox');
  await dialog.getByLabel('Name').fill('EHR bridge');
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const banner = section.getByRole('status').filter({hasText: 'Server key created'});
  await expect(banner).toBeVisible();
  const key = (await banner.locator('code').textContent())?.trim() ?? '';
  expect(key).toMatch(/^ik_server_sandbox_[0-9A-Za-z]{42}$/);
  await expect(banner.getByRole('button', {name: 'Copy server key'})).toBeVisible();
  const row = section.getByRole('row', {name: /EHR bridge/});
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText(key);
  await expectAccessible(page);

  expect(await listSubmissions(key)).toEqual({status: 200, body: {submissions: [], nextCursor: null}});

  await banner.getByRole('button', {name: /Dismiss/}).click();
  await row.getByRole('button', {name: 'Revoke EHR bridge'}).click();
  const confirm = page.getByRole('dialog', {name: 'Revoke this server key?'});
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', {name: 'Revoke key'}).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', {name: 'Revoke EHR bridge'})).toHaveCount(0);

  expect((await listSubmissions(key)).status).toBe(401);
}

test('a sandbox server key: created by keyboard, shown once, reads the submissions API, refused once revoked', async ({
  page,
}) => {
  await createRevokeAndCall(page);
});

test.describe('at 375 px in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('the same, on a phone in the dark theme', async ({page}) => {
    await createRevokeAndCall(page);
  });
});

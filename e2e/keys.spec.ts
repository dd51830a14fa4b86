/**
 * API keys: create a sandbox key and see it once, copy it, see it masked; rotate (the old key stops
 * working for the SDK) and revoke behind the spec's confirmations; the production dialog. The lock for an
 * unverified email, in the page and in the API, is in e2e/unverified.spec.ts.
 */
import type {Page} from '@playwright/test';
import {test, expect, apiCall, expectAccessible, users} from './fixtures';
import {expectEscapeCloses} from './support/dialogs';
import {sandboxKey} from './support/keys';
import {recordLayoutShifts} from './support/layout-shifts';
import {API_URL} from './support/ports';

const COPY_NOW = "Copy this key now - you won't be able to see it again!";
const CONFIRM_ROTATE = 'Rotate this key? The old key will stop working.';
const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key?';
const SANDBOX_STAYS = /A sandbox key stays available on this page: Reveal shows it in the table\./;
const PRODUCTION_TEXT =
  'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.';

function mask(key: string): string {
  return key.length <= 16 ? key : `${key.slice(0, 8)}${'*'.repeat(key.length - 16)}${key.slice(-8)}`;
}

/** What the SDK does with a key: POST /api/sdk/sessions. Returns the status. */
async function sdkSession(apiKey: string): Promise<{status: number; code?: string}> {
  const res = await fetch(`${API_URL}/api/sdk/sessions`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization: `Bearer ${apiKey}`},
    body: JSON.stringify({flowId: 'telehealth-consent', env: 'sandbox'}),
  });
  const body = (await res.json().catch(() => ({}))) as {error?: {code?: string}};
  return {status: res.status, code: body.error?.code};
}

/** Answers the in-app confirmation with `accept`, after checking its question; checks it with axe once. */
async function answerConfirm(page: Page, text: string, accept: boolean, audit = false): Promise<void> {
  const dialog = page.getByRole('dialog', {name: text});
  await expect(dialog).toBeVisible();
  // Cancel has the focus: Enter never confirms a destructive action by accident.
  await expect(dialog.getByRole('button', {name: 'Cancel'})).toBeFocused();
  if (audit) await expectAccessible(page);
  await dialog.getByRole('button', {name: accept ? /^(Rotate|Revoke) key$/ : 'Cancel'}).click();
  await expect(dialog).toBeHidden();
}

const rows = (page: Page) => page.getByTestId('api-key-row');
const banner = (page: Page) => page.getByTestId('new-key-banner');

test.describe('API keys of a verified user', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test('create a sandbox key: shown once with a copy button, then masked in the table', async ({page}) => {
    const user = await users.create();
    await users.signIn(page, user, '/api-keys');
    await expect(page.getByRole('heading', {level: 1, name: 'API Keys'})).toBeVisible();
    await expect(page.getByRole('heading', {name: 'No API Keys Yet'})).toBeVisible();
    await expect(page.getByRole('heading', {name: 'Security best practices'})).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByText(COPY_NOW)).toBeVisible();
    // The spec's words stay; for a sandbox key a line under them says it can be seen again.
    await expect(banner(page).getByText(SANDBOX_STAYS)).toBeVisible();
    const key = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
    expect(key).toMatch(/^ik_sandbox_/);

    await banner(page).getByRole('button', {name: 'Copy API key'}).click();
    await expect(banner(page).getByRole('button', {name: 'Copied!'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The table shows it masked, capitalised, never used; the full value is only in the banner.
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    // The key's default name, with its type.
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^Sandbox key\s*Sandbox$/);
    await expect(row.getByRole('cell').nth(1)).toHaveText(mask(key));
    await expect(row.getByRole('cell').nth(2)).toHaveText('Active');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
    await expect(page.getByRole('table').getByText(key, {exact: true})).toHaveCount(0);
    // A sandbox key can be seen again whole (Reveal), then masked again (Hide).
    const reveal = row.getByRole('button', {name: /^Reveal Sandbox key/});
    await reveal.click();
    await expect(row.getByRole('cell').nth(1)).toHaveText(key);
    await row.getByRole('button', {name: /^Hide Sandbox key/}).click();
    await expect(row.getByRole('cell').nth(1)).toHaveText(mask(key));
    await expect(reveal).toBeFocused();
    for (const name of ['Key Type', 'API Key', 'Status', 'Created', 'Last Used', 'Actions']) {
      await expect(page.getByRole('columnheader', {name, exact: true})).toBeVisible();
    }
    await expectAccessible(page);

    // Dismissed, the banner is gone for good: not after a reload either.
    await banner(page).getByRole('button', {name: 'Dismiss'}).click();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText(COPY_NOW)).toHaveCount(0);

    // The SDK can use it, and Last Used then shows a date.
    expect((await sdkSession(key)).status).toBe(200);
    // The API writes key usage about once a second: reload, as a person would, until it shows.
    await expect(async () => {
      await page.reload();
      await expect(rows(page).first().getByRole('cell').nth(4)).not.toHaveText('Never', {timeout: 1000});
    }).toPass({timeout: 15_000});
  });

  test('rotate (confirmed) replaces the key and the old one is refused; revoke (confirmed) deactivates', async ({
    page,
  }) => {
    const user = await users.create();
    await users.signIn(page, user, '/api-keys');
    await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
    const oldKey = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
    await banner(page).getByRole('button', {name: 'Dismiss'}).click();
    expect((await sdkSession(oldKey)).status).toBe(200);

    // Cancelling the confirmation changes nothing.
    await rows(page)
      .first()
      .getByRole('button', {name: /^Rotate/})
      .click();
    await answerConfirm(page, CONFIRM_ROTATE, false, true);
    await expect(rows(page)).toHaveCount(1);
    expect((await sdkSession(oldKey)).status).toBe(200);

    await rows(page)
      .first()
      .getByRole('button', {name: /^Rotate/})
      .click();
    // A key in a live page keeps working for a day unless the person chooses otherwise.
    const rotateDialog = page.getByRole('dialog', {name: CONFIRM_ROTATE});
    await expect(rotateDialog.getByRole('radio', {name: 'In 24 hours'})).toBeChecked();
    await expect(rotateDialog.getByRole('button', {name: 'Cancel'})).toBeFocused();
    await rotateDialog.getByRole('radio', {name: 'Now'}).check();
    await rotateDialog.getByRole('button', {name: 'Rotate key'}).click();
    await expect(rotateDialog).toBeHidden();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByText(COPY_NOW)).toBeVisible();
    const newKey = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
    expect(newKey).toMatch(/^ik_sandbox_/);
    expect(newKey).not.toBe(oldKey);

    // The list reloaded: the old key is revoked (no actions), the new one active.
    await expect(rows(page)).toHaveCount(2);
    const oldRow = rows(page).filter({hasText: mask(oldKey)});
    const newRow = rows(page).filter({hasText: mask(newKey)});
    await expect(oldRow.getByRole('cell').nth(2)).toHaveText('Revoked');
    await expect(oldRow.getByRole('button', {name: /^(Rotate|Revoke)/})).toHaveCount(0);
    await expect(newRow.getByRole('cell').nth(2)).toHaveText('Active');

    expect(await sdkSession(oldKey)).toEqual({status: 401, code: 'INVALID_API_KEY'});
    expect((await sdkSession(newKey)).status).toBe(200);

    await newRow.getByRole('button', {name: /^Revoke/}).click();
    // The spec's question, and what stops working.
    const revokeDialog = page.getByRole('dialog', {name: CONFIRM_REVOKE});
    await expect(revokeDialog).toHaveAccessibleDescription(
      new RegExp(`ending ${newKey.slice(-8)}.*Pages that use this key stop starting intakes at once`),
    );
    await expect(revokeDialog).toContainText("The guide's snippets and the demo stop using it.");
    await answerConfirm(page, CONFIRM_REVOKE, true, true);
    await expect(newRow.getByRole('cell').nth(2)).toHaveText('Revoked');
    await expect(
      page.getByRole('status').filter({hasText: /was revoked\. Pages that use it can no longer start intakes\./}),
    ).toBeVisible();
    await expect(newRow.getByRole('button', {name: /^(Rotate|Revoke)/})).toHaveCount(0);
    expect(await sdkSession(newKey)).toEqual({status: 401, code: 'INVALID_API_KEY'});

    // The API agrees.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const {keys} = await apiCall<{keys: Array<{apiKey: string; status: string}>}>(
      'GET',
      '/api/keys',
      undefined,
      token ?? '',
    );
    expect(keys.map((k) => k.status).sort()).toEqual(['revoked', 'revoked']);
  });

  test('a key list that cannot be loaded says so, never "No API Keys Yet", and Try again shows the keys', async ({
    page,
  }) => {
    const user = await users.create({name: 'Lou Listfail'});
    const apiKey = await sandboxKey(user);
    await page.route(`${API_URL}/api/keys`, (route) =>
      route.fulfill({status: 500, json: {error: {code: 'SERVER_ERROR', message: 'Something went wrong.'}}}),
    );
    await users.signIn(page, user, '/api-keys');
    const failed = page.getByRole('region', {name: 'Your keys'});
    await expect(failed.getByText('The API keys could not be loaded.')).toBeVisible();
    await expect(failed.getByText('Something went wrong.')).toBeVisible();
    await expect(page.getByText('No API Keys Yet')).toHaveCount(0);
    await page.unrouteAll();
    // SWR may retry on its own meanwhile; the button is there until the list has loaded.
    const retry = failed.getByRole('button', {name: 'Try again'});
    await expect(async () => {
      if ((await retry.count()) > 0) await retry.click();
      await expect(retry).toHaveCount(0, {timeout: 1000});
    }).toPass();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(mask(apiKey));
  });

  test('Create Production Key opens the dialog and never calls the API', async ({page}) => {
    const user = await users.create();
    await users.signIn(page, user, '/api-keys');
    const production: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/keys\/production/.test(request.url())) production.push(request.url());
    });

    const open = page.getByRole('button', {name: 'Create Production Key'});
    await open.click();
    const dialog = page.getByRole('dialog', {name: 'Production Key Not Available'});
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(PRODUCTION_TEXT)).toBeVisible();
    const gotIt = dialog.getByRole('button', {name: 'Got it'});
    await expect(gotIt).toBeFocused();
    await expectAccessible(page);

    await expectEscapeCloses(page, dialog, open);

    await open.click();
    await expect(dialog).toBeVisible();
    await gotIt.click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    expect(production).toEqual([]);
    await expect(page.getByRole('heading', {name: 'No API Keys Yet'})).toBeVisible();
  });
});

test.describe('API keys at 375 px', () => {
  test.use({viewport: {width: 375, height: 760}});

  test('the page fits a phone: each key is a card with its actions in view', async ({page}) => {
    const user = await users.create();
    await users.signIn(page, user, '/api-keys');
    await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
    await expect(rows(page)).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', {name: 'API keys'})).toBeVisible();
    // No sideways scrolling needed to reach the row's actions.
    const revoke = await rows(page)
      .first()
      .getByRole('button', {name: /^Revoke/})
      .boundingBox();
    expect(revoke).not.toBeNull();
    expect(revoke!.x + revoke!.width).toBeLessThanOrEqual(375);
    await expect(rows(page).first().getByRole('cell').nth(2)).toHaveText('Active');
    await expectAccessible(page);
  });

  test("nothing on screen moves as the page's keys, server keys and production access arrive", async ({page}) => {
    const owner = await users.create({teamName: 'Steady Clinic'});
    await sandboxKey(owner);
    const shifts = await recordLayoutShifts(page, 'main');
    await users.signIn(page, owner, '/api-keys');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('button', {name: 'Request production access'})).toBeVisible();
    await expect(page.getByText('No server keys yet.')).toBeVisible();
    expect(await shifts()).toEqual([]);
  });
});

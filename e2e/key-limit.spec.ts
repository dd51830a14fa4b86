/**
 * The key quota on the API Keys page: at the limit of active keys (ACTIVE_KEYS_PER_TEAM, 50 by default),
 * Create Sandbox Key shows the API's message saying how to free a place; revoking a key frees one.
 */
import {test, expect, apiCall, expectAccessible, users} from './fixtures';

const LIMIT_MESSAGE =
  'You have reached the limit of active API keys. Revoke a key you no longer use, then create a new one.';

test('at the limit of active keys, creating one more says how to free a place', async ({page}) => {
  const user = await users.create();
  const token = await users.token(user);
  for (let i = 0; i < 50; i++) await apiCall('POST', '/api/keys/sandbox', undefined, token);

  await users.signIn(page, user, '/api-keys');
  await expect(page.getByTestId('api-key-row')).toHaveCount(50);
  await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
  const notice = page.getByTestId('key-limit');
  await expect(notice).toHaveText(LIMIT_MESSAGE);
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('new-key-banner')).toHaveCount(0);
  await expectAccessible(page);

  // Revoking one frees a place: the next creation succeeds and the message is gone.
  await page
    .getByTestId('api-key-row')
    .first()
    .getByRole('button', {name: /revoke/i})
    .click();
  const dialog = page.getByRole('dialog', {name: 'Are you sure you want to revoke this API key?'});
  await dialog.getByRole('button', {name: 'Revoke key'}).click();
  await expect(notice).toBeHidden();
  await page.getByRole('button', {name: 'Create Sandbox Key'}).click();
  await expect(page.getByTestId('new-key-banner')).toBeVisible();
  await expect(notice).toBeHidden();
});

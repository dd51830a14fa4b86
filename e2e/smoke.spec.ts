import {test, expect, gotoHydrated} from './fixtures';

test('the home page frames the marketing site and /login shows the sign-in form', async ({page}) => {
  await gotoHydrated(page, '/');
  await expect(page).toHaveTitle(/IntakeKit/);
  await expect(page.locator('iframe')).toHaveAttribute('title', /.+/);

  await gotoHydrated(page, '/login');
  await expect(page.getByLabel(/email/i)).toBeVisible();
  await expect(page.getByLabel(/^password/i)).toBeVisible();
});

test('the API answers health and a uniform 404 body', async ({request}) => {
  const {API_URL} = await import('./support/ports');
  const health = await request.get(`${API_URL}/api/health`);
  expect(health.status()).toBe(200);
  const missing = await request.get(`${API_URL}/api/nope`);
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({error: {code: 'NOT_FOUND', message: expect.any(String)}});
});

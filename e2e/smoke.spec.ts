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

test.describe('colour mode on a phone (375 px)', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'light'});

  test('the navbar offers the colour-mode toggle, by keyboard, and it applies dark mode', async ({page}) => {
    await gotoHydrated(page, '/login');
    const toggle = page
      .getByRole('navigation')
      .getByRole('button', {name: /Switch between dark and light mode \(currently/});
    await expect(toggle).toBeInViewport();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const lightText = await page.evaluate(() => getComputedStyle(document.body).color);

    // Reached with Tab from the top of the page, switched with the keyboard.
    await page.locator('body').focus();
    for (let i = 0; i < 15 && !(await toggle.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    // The theme cycles system -> light -> dark (respectPrefersColorScheme): dark is at most three presses away.
    for (let i = 0; i < 3 && !/currently dark mode/.test((await toggle.getAttribute('aria-label')) ?? ''); i++) {
      const before = await toggle.getAttribute('aria-label');
      await page.keyboard.press('Enter');
      await expect(toggle).not.toHaveAttribute('aria-label', before ?? '');
    }

    await expect(toggle).toHaveAccessibleName(/currently dark mode/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Applied, not just flagged: the page's text colour is the dark theme's light-on-dark one.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).color)).not.toBe(lightText);
  });
});

// The fixtures fail a test in which the page opens a native dialog: the portal's own dialogs are the only ones.
test.fail('a native alert fails the test that meets it', async ({page}) => {
  await gotoHydrated(page, '/login');
  await page.evaluate(() => window.alert('A native alert'));
});

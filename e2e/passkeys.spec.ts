/**
 * Passkeys as a person uses them, with Chromium's virtual authenticator (DevTools WebAuthn) standing in for the
 * device's fingerprint reader: add one in Settings behind the password, sign out, sign in with it and no password,
 * rename and remove it; and as the second step of a password sign-in with two-factor on. The new views pass axe
 * and fit a 375 px phone in dark mode.
 */
import type {Page} from '@playwright/test';
import {Secret, TOTP} from 'otpauth';
import {test, expect, apiCall, expectAccessible, gotoHydrated, users} from './fixtures';
import {recordLayoutShifts} from './support/layout-shifts';
import {SITE_URL} from './support/ports';

/** A platform authenticator that holds discoverable credentials and verifies its user, with no one to touch it. */
async function virtualAuthenticator(page: Page): Promise<{credentials: () => Promise<number>}> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const {authenticatorId} = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', {authenticatorId})).credentials.length,
  };
}

async function addPasskey(page: Page, password: string, name = ''): Promise<void> {
  const section = page.getByRole('region', {name: 'Passkeys'});
  await section.getByRole('button', {name: 'Add a passkey'}).click();
  const form = section.getByRole('form', {name: 'Add a passkey'});
  if (name) await form.getByLabel('Name').fill(name);
  await form.getByLabel('Current password').fill(password);
  await form.getByRole('button', {name: 'Continue'}).click();
}

test('add a passkey behind the password, sign in with it and no password, rename it, remove it', async ({page}) => {
  const device = await virtualAuthenticator(page);
  const user = await users.create({name: 'Paula Passkey'});
  await users.signIn(page, user, '/settings');
  const section = page.getByRole('region', {name: 'Passkeys'});
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // A wrong password is refused in words, and the browser is never asked.
  await addPasskey(page, 'Not-The-Password-1', 'Work laptop');
  await expect(section.getByText('That is not your current password. Please try again.')).toBeVisible();
  expect(await device.credentials()).toBe(0);
  await section.getByLabel('Current password').fill(user.password);
  await section.getByRole('button', {name: 'Continue'}).click();
  await expect(section.getByText('Passkey added: Work laptop.')).toBeVisible();
  const list = section.getByRole('list', {name: 'Passkeys'});
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Never used')).toBeVisible();
  expect(await device.credentials()).toBe(1);
  await expectAccessible(page);

  // Signed out, the sign-in page's passkey button signs in without the password.
  await users.signOut(page);
  await gotoHydrated(page, '/login');
  await page.getByRole('button', {name: 'Sign in with a passkey'}).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await gotoHydrated(page, '/settings');
  await expect(list.getByText(/Last used/)).toBeVisible();
  await list.getByRole('button', {name: 'Rename Work laptop'}).click();
  await list.getByLabel('Passkey name').fill('Office desktop');
  await list.getByRole('button', {name: 'Save'}).click();
  await expect(section.getByText('Renamed to Office desktop.')).toBeVisible();

  await list.getByRole('button', {name: 'Remove Office desktop'}).click();
  const dialog = page.getByRole('dialog', {name: 'Remove this passkey?'});
  await expectAccessible(page);
  await dialog.getByRole('button', {name: 'Remove passkey'}).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Removed Office desktop.')).toBeVisible();
  await expect(section.getByText('No passkeys yet.')).toBeVisible();

  // The device still holds it, but it signs in no more.
  await users.signOut(page);
  await gotoHydrated(page, '/login');
  await page.getByRole('button', {name: 'Sign in with a passkey'}).click();
  await expect(
    page.getByText(
      'This passkey is not registered with IntakeKit. Sign in with your password, then add it in Settings.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the sign-in page offers a passkey from its first paint, so nothing moves as it comes alive', async ({
  page,
  browser,
}) => {
  // As served, before any script runs: the button holds its place (it came in after hydration and pushed the
  // footer line 100 px down, a layout shift Lighthouse counted).
  const served = await browser.newContext({baseURL: SITE_URL, javaScriptEnabled: false});
  const servedPage = await served.newPage();
  await servedPage.goto('/login');
  await expect(servedPage.getByRole('button', {name: 'Sign in with a passkey'})).toBeVisible();
  await served.close();

  const shifts = await recordLayoutShifts(page, 'main');
  await gotoHydrated(page, '/login');
  await expect(page.getByRole('button', {name: 'Sign in with a passkey'})).toBeEnabled();
  await expect(page.getByText('New to IntakeKit?')).toBeVisible();
  expect(await shifts()).toEqual([]);
});

test('a browser without passkeys is not offered one', async ({page}) => {
  await page.addInitScript(() => {
    delete (window as {PublicKeyCredential?: unknown}).PublicKeyCredential;
  });
  await gotoHydrated(page, '/login');
  await expect(page.getByRole('button', {name: 'Sign in', exact: true})).toBeVisible();
  await expect(page.getByRole('button', {name: 'Sign in with a passkey'})).toHaveCount(0);
  await expect(page.getByText('or', {exact: true})).toHaveCount(0);
});

test.describe('at 375 px in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('a passkey is the second step after the password when two-factor is on', async ({page}) => {
    await virtualAuthenticator(page);
    const user = await users.create({name: 'Sam Second'});
    // Signed in first: with two-factor on, a password alone gets no session.
    const token = await users.signIn(page, user, '/settings');
    const {secret} = await apiCall<{secret: string}>('POST', '/api/auth/two-factor/setup', undefined, token);
    const totp = new TOTP({secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1'});
    await apiCall('POST', '/api/auth/two-factor/enable', {code: totp.generate()}, token);
    await gotoHydrated(page, '/settings');
    await addPasskey(page, user.password);
    const section = page.getByRole('region', {name: 'Passkeys'});
    await expect(section.getByText(/^Passkey added: /)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    await users.signOut(page);
    await users.signInThroughForm(page, user);
    await expect(page.getByRole('heading', {level: 1, name: 'Two-factor authentication'})).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await page.getByRole('button', {name: 'Use a passkey'}).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

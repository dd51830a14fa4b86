/**
 * A password reset of an account with two-factor on, as a person does it: the reset page asks for a code once the
 * server says one is needed, and takes one; someone without their authenticator finds the way from the sign-in
 * page's code step, and the reset page starts the waiting-period recovery instead.
 */
import type {Page} from '@playwright/test';
import {Secret, TOTP} from 'otpauth';
import {test, expect, apiCall, expectAccessible, gotoHydrated, mail, users, type TestUser} from './fixtures';

const NEW_PASSWORD = 'Fresh-Recovery-Horse-81';

/** The code an authenticator app would show `steps` time steps from now. */
function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1'});
  return totp.generate({timestamp: Date.now() + steps * 30_000});
}

/** A verified account with two-factor on (through the API): its authenticator secret. */
async function withTwoFactor(user: TestUser): Promise<string> {
  const token = await users.token(user);
  const {secret} = await apiCall<{secret: string}>('POST', '/api/auth/two-factor/setup', undefined, token);
  await apiCall('POST', '/api/auth/two-factor/enable', {code: appCode(secret)}, token);
  return secret;
}

async function openResetLink(page: Page, user: TestUser): Promise<void> {
  const message = await mail.waitFor(user.email, {subject: /reset your/i});
  await page.goto(mail.link(message, '/reset-password?token='));
  await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
  await page.getByLabel(/^confirm/i).fill(NEW_PASSWORD);
  await page.getByRole('button', {name: 'Reset password'}).click();
}

test('the reset page asks for a code when two-factor is on, and resets with it', async ({page}) => {
  const user = await users.create();
  const secret = await withTwoFactor(user);
  await apiCall('POST', '/api/auth/forgot-password', {email: user.email});
  await openResetLink(page, user);

  await expect(
    page.getByText('Enter a code from your authenticator app, or one of your recovery codes, to set a new password.'),
  ).toBeVisible();
  const code = page.getByLabel('Authentication or recovery code');
  await expect(code).toBeFocused();
  await expect(page.getByRole('button', {name: "I can't use my authenticator"})).toBeVisible();
  await expectAccessible(page);
  await code.fill('000000');
  await page.getByRole('button', {name: 'Reset password'}).click();
  await expect(page.getByText('That code is not valid. Try again, or use a recovery code.')).toBeVisible();
  // The step after the one spent turning two-factor on.
  await code.fill(appCode(secret, 1));
  await page.getByRole('button', {name: 'Reset password'}).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
});

test('the sign-in page itself links to the recovery, for someone who never reaches the code step', async ({page}) => {
  await gotoHydrated(page, '/login');
  await page.getByRole('link', {name: 'Lost access to your authenticator?'}).click();
  await expect(page).toHaveURL(/\/forgot-password\?authenticator=lost$/);
  await expect(page.getByTestId('lost-authenticator')).toContainText("I can't use my authenticator");
});

test("from the sign-in page's code step to a recovery without the authenticator", async ({page}) => {
  const user = await users.create();
  await withTwoFactor(user);
  await users.signInThroughForm(page, user);
  await expect(page.getByRole('heading', {level: 1, name: 'Two-factor authentication'})).toBeVisible();
  await page.getByRole('link', {name: 'Lost access to your authenticator?'}).click();

  await expect(page).toHaveURL(/\/forgot-password\?authenticator=lost$/);
  await expect(page.getByTestId('lost-authenticator')).toContainText("I can't use my authenticator");
  await expectAccessible(page);
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByRole('button', {name: 'Send reset link'}).click();
  await expect(page.getByRole('heading', {name: 'Check your email'})).toBeVisible();

  await openResetLink(page, user);
  await page.getByRole('button', {name: "I can't use my authenticator"}).click();
  await expect(page.getByRole('heading', {name: 'Account recovery started'})).toBeFocused();
  await expectAccessible(page);
  await mail.waitFor(user.email, {subject: /account recovery has started/i});

  // Nobody signs in meanwhile: the password form says why.
  await users.signInThroughForm(page, user);
  await expect(page.getByText(/This account is being recovered by the owner of its email address/)).toBeVisible();
});

test('the emailed link cancels the recovery on a click, not on opening', async ({page}) => {
  const user = await users.create();
  await withTwoFactor(user);
  await apiCall('POST', '/api/auth/forgot-password', {email: user.email});
  const message = await mail.waitFor(user.email, {subject: /reset your/i});
  const token = new URL(mail.link(message, '/reset-password?token=')).searchParams.get('token');
  await apiCall('POST', '/api/auth/account-recovery', {token, newPassword: NEW_PASSWORD});
  const started = await mail.waitFor(user.email, {subject: /account recovery has started/i});

  const link = new URL(mail.link(started, '/cancel-recovery?token='));
  await gotoHydrated(page, `${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', {name: 'Cancel account recovery?'})).toBeVisible();
  await page.getByRole('button', {name: 'Cancel the recovery'}).click();
  await expect(page.getByRole('heading', {name: 'Recovery cancelled'})).toBeFocused();
  // The old password works again (two-factor asks for its code).
  await users.signInThroughForm(page, user);
  await expect(page.getByRole('heading', {level: 1, name: 'Two-factor authentication'})).toBeVisible();
});

/**
 * Settings: profile edit with the user refreshed and the Verified badge, change password (other sessions signed
 * out, this one kept), and deleting the account from the Danger Zone. The Unverified badge and its resend are in
 * e2e/unverified.spec.ts, which restarts the API once for every unverified-user test.
 */
import type {Page} from '@playwright/test';
import {test, expect, apiCall, expectAccessible, mail, users} from './fixtures';
import {expectEscapeCloses} from './support/dialogs';
import {API_URL} from './support/ports';

const NEW_PASSWORD = 'Brand-New-Pass-77';
/** How long the success messages stay: the profile's 3 s, the emails' 5 s. */
const PROFILE_MESSAGE_MS = 3000;
const EMAIL_MESSAGE_MS = 5000;

async function status(path: string, token: string): Promise<number> {
  return (await fetch(`${API_URL}${path}`, {headers: {authorization: `Bearer ${token}`}})).status;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('profile: the name is required and follows the name rule, saved with a 3 s message, and the user is refreshed', async ({
  page,
}) => {
  // The page's clock, so the message's 3 s pass at once instead of in real time.
  await page.clock.install();
  const user = await users.create({name: 'Pat Profile', teamName: 'Profile Clinic'});
  await users.signIn(page, user, '/settings');
  await expect(page.getByRole('heading', {level: 1, name: 'Settings'})).toBeVisible();
  const profile = page.getByRole('region', {name: 'Profile Information'});
  await expect(profile).toBeVisible();
  await expect(page.getByRole('region', {name: 'Change Password'})).toBeVisible();
  await expect(page.getByRole('region', {name: 'Danger Zone'})).toBeVisible();

  const email = profile.getByLabel('Email');
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(profile.getByTestId('email-badge')).toHaveText('Verified');
  await expect(profile.getByLabel('Team')).toHaveValue('Profile Clinic');
  await expectAccessible(page);

  const name = profile.getByLabel('Full name');
  await expect(name).toHaveValue('Pat Profile');
  await name.fill('   ');
  await profile.getByRole('button', {name: 'Save changes'}).click();
  await expect(profile.getByText('Name cannot be empty')).toBeVisible();
  // A name that reads as a web address is refused in the API's words, before any request.
  await name.fill('Verify at evil.test/x');
  await profile.getByRole('button', {name: 'Save changes'}).click();
  await expect(profile.getByText(/^Names cannot contain a web or email address/)).toBeVisible();

  await name.fill('Robin Renamed');
  await profile.getByRole('button', {name: 'Save changes'}).click();
  const saved = profile.getByText('Profile updated successfully!');
  await expect(saved).toBeVisible();
  // The sidebar reads the refreshed user.
  await expect(page.getByTestId('sidebar-user')).toContainText('Robin Renamed');
  await page.clock.fastForward(PROFILE_MESSAGE_MS);
  await expect(saved).toBeHidden();
  const {user: me} = await apiCall<{user: {name: string}}>(
    'GET',
    '/api/auth/me',
    undefined,
    (await storedToken(page)) ?? '',
  );
  expect(me.name).toBe('Robin Renamed');
});

test('change password: rules, then other sessions are signed out and this one is kept', async ({page}) => {
  await page.clock.install();
  const user = await users.create();
  const other = await users.token(user);
  await users.signIn(page, user, '/settings');
  const form = page.getByRole('region', {name: 'Change Password'});
  const current = form.getByLabel('Current password');
  const next = form.getByLabel('New password', {exact: true});
  const confirm = form.getByLabel('Confirm new password');
  const submit = form.getByRole('button', {name: 'Change password'});

  // Disabled until all three are filled.
  await expect(submit).toBeDisabled();
  await current.fill(user.password);
  await next.fill(NEW_PASSWORD);
  await expect(submit).toBeDisabled();
  await confirm.fill(`${NEW_PASSWORD}x`);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(form.getByText('New passwords do not match')).toBeVisible();

  await next.fill('short');
  await confirm.fill('short');
  await submit.click();
  await expect(form.getByText('New password must be at least 8 characters long')).toBeVisible();

  // Nine characters pass the form's minimum of 8 but not the API's rule: said at once, in the rule's words.
  await next.fill('newpass12');
  await confirm.fill('newpass12');
  await submit.click();
  await expect(form.getByText('Password must be at least 10 characters')).toBeVisible();
  // Like sign-up and reset: the meter and checklist of the enforced rule, and a show/hide toggle.
  await next.fill('abcdefghij');
  await expect(form.getByRole('meter', {name: 'Strength'})).toHaveAttribute('aria-valuetext', 'Weak');
  await expect(form.getByText('at least 2 of these kinds of character: (not met)')).toBeVisible();
  await next.fill('abcdefghi1');
  await expect(form.getByText('at least 2 of these kinds of character: (met)')).toBeVisible();
  await expect(form.getByRole('meter', {name: 'Strength'})).toHaveAttribute('aria-valuetext', 'Good');
  await expect(next).toHaveAttribute('type', 'password');
  await form.getByRole('button', {name: 'Show password'}).first().click();
  await expect(next).toHaveAttribute('type', 'text');
  await expect(current).toHaveAttribute('type', 'text');
  await form.getByRole('button', {name: 'Hide password'}).first().click();
  await expect(next).toHaveAttribute('type', 'password');

  // A wrong current password is said to be the current password, not 'email or password'.
  await current.fill('Not-The-Password-1');
  await next.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(form.getByText('That is not your current password. Please try again.')).toBeVisible();

  await current.fill(user.password);
  await submit.click();
  const done = form.getByText('Password changed successfully! A confirmation email has been sent.');
  await expect(done).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');
  await mail.waitFor(user.email, {subject: /password was changed/i});

  // The other session is gone; this page's (renewed) session still works, also after a reload.
  expect(await status('/api/auth/me', other)).toBe(401);
  const mine = await storedToken(page);
  expect(mine).toBeTruthy();
  expect(await status('/api/auth/me', mine!)).toBe(200);
  await page.clock.fastForward(EMAIL_MESSAGE_MS);
  await expect(done).toBeHidden();
  await page.reload();
  await expect(page.getByRole('region', {name: 'Profile Information'})).toBeVisible();
  await users.token({...user, password: NEW_PASSWORD});
});

test('delete account: password and DELETE typed, then signed out on the home route', async ({page}) => {
  const user = await users.create();
  await users.signIn(page, user, '/settings');
  const open = page.getByRole('button', {name: 'Delete Account'});
  await open.click();
  const dialog = page.getByRole('dialog', {name: 'Delete your account?'});
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Current password');
  await expect(password).toBeFocused();
  const confirmWord = dialog.getByLabel('Type DELETE to confirm');
  const destroy = dialog.getByRole('button', {name: 'Delete Account'});
  await expect(destroy).toBeDisabled();
  await expectAccessible(page);

  await expectEscapeCloses(page, dialog, open);

  await open.click();
  await password.fill('Wrong-Password-9');
  await confirmWord.fill('delete');
  await expect(destroy).toBeDisabled();
  await confirmWord.fill('DELETE');
  await expect(destroy).toBeEnabled();
  await destroy.click();
  await expect(dialog.getByRole('alert')).toHaveText('That is not your current password. Please try again.');
  expect(await status('/api/auth/me', (await storedToken(page)) ?? '')).toBe(200);

  await password.fill(user.password);
  await destroy.click();
  // Home, saying what happened.
  await expect(page).toHaveURL(/\/\?deleted=1$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your IntakeKit account was deleted, and every session of it signed out.',
  );
  await expectAccessible(page);
  await expect.poll(() => storedToken(page)).toBeNull();
  await expect(users.token(user)).rejects.toThrow(/401/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`settings at 375 px, ${colorScheme}`, () => {
    test.use({viewport: {width: 375, height: 760}, colorScheme});

    test('the page fits a phone, the password meter and the delete dialog too', async ({page}) => {
      const user = await users.create({teamName: 'Phone Clinic'});
      await users.signIn(page, user, '/settings');
      await expect(page.getByRole('region', {name: 'Danger Zone'})).toBeVisible();
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await page.getByRole('region', {name: 'Change Password'}).getByLabel('New password', {exact: true}).fill('abc');
      expect(await overflow()).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await page.getByRole('button', {name: 'Delete Account'}).click();
      await expect(page.getByRole('dialog', {name: 'Delete your account?'})).toBeVisible();
      await expectAccessible(page);
    });
  });
}

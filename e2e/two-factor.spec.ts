/**
 * Two-factor sign-in with an authenticator app, as a person does it: set it up in Settings from the
 * setup key beside the QR code, keep the recovery codes, sign out, sign in with a code, then with a recovery code,
 * and turn it off (a notice is emailed). The new views pass axe and fit a 375 px phone in dark mode.
 */
import type {Page} from '@playwright/test';
import {Secret, TOTP} from 'otpauth';
import {test, expect, apiCall, expectAccessible, gotoHydrated, mail, users, type TestUser} from './fixtures';

/** The code an authenticator app would show `steps` time steps from now (the portal accepts one step either side). */
function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1'});
  return totp.generate({timestamp: Date.now() + steps * 30_000});
}

async function expectFitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

async function signInWithPassword(page: Page, user: TestUser): Promise<void> {
  await users.signInThroughForm(page, user);
  await expect(page.getByRole('heading', {level: 1, name: 'Two-factor authentication'})).toBeVisible();
}

test('set up from the setup key, sign in with a code and with a recovery code, then turn it off', async ({page}) => {
  const user = await users.create({name: 'Tess Twofactor'});
  await users.signIn(page, user, '/settings');
  const section = page.getByRole('region', {name: 'Two-factor authentication'});
  await expect(section.getByText('Off.')).toBeVisible();
  await section.getByRole('button', {name: 'Set up two-factor'}).click();

  await expect(section.getByRole('img', {name: 'QR code to scan with your authenticator app'})).toBeVisible();
  const secret = (await section.getByLabel('Setup key', {exact: true}).innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = section.getByLabel('Authentication code');
  // A wrong code is refused in words, and nothing changes; no recovery code exists yet, so none is offered.
  await code.fill('000000');
  await section.getByRole('button', {name: 'Turn on two-factor'}).click();
  await expect(
    section.getByText('That code is not valid. Enter the 6-digit code your authenticator app shows now.'),
  ).toBeVisible();
  await code.fill(appCode(secret));
  await section.getByRole('button', {name: 'Turn on two-factor'}).click();

  await expect(section.getByText('Two-factor authentication is on.')).toBeVisible();
  const codes = await section.getByRole('list', {name: 'Recovery codes'}).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await section.getByRole('button', {name: 'Download recovery codes'}).click();
  expect((await download).suggestedFilename()).toBe('intakekit-recovery-codes.txt');
  await expectAccessible(page);
  await section.getByRole('button', {name: 'I have saved my codes'}).click();
  await expect(section.getByText('On.', {exact: false}).first()).toBeVisible();

  // Signing in now asks for a code after the password; the next step's code (this one's was spent turning it on).
  await users.signOut(page);
  await signInWithPassword(page, user);
  await expectAccessible(page);
  await page.getByLabel('Authentication code').fill(appCode(secret, 1));
  await page.getByRole('button', {name: 'Verify'}).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code instead, typed in lower case: it works once.
  await users.signOut(page);
  await signInWithPassword(page, user);
  await page.getByRole('button', {name: 'Use a recovery code instead'}).click();
  await page.getByLabel('Recovery code').fill(codes[0]!.toLowerCase());
  await page.getByRole('button', {name: 'Verify'}).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turning it off asks for the password and a code, and emails a notice.
  await gotoHydrated(page, '/settings');
  await section.getByRole('button', {name: 'Turn off'}).click();
  const dialog = page.getByRole('dialog', {name: 'Turn off two-factor authentication?'});
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByLabel('Authentication code').fill(codes[1]!);
  await dialog.getByRole('button', {name: 'Turn off two-factor'}).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Two-factor authentication is off. We emailed you a notice.')).toBeVisible();
  await mail.waitFor(user.email, {subject: /Two-factor authentication was turned off/});
});

test.describe('at 375 px in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('the setup, the recovery codes and the code step fit a phone and pass axe; a used code is refused', async ({
    page,
  }) => {
    const user = await users.create({name: 'Pip Phone'});
    await users.signIn(page, user, '/settings');
    const section = page.getByRole('region', {name: 'Two-factor authentication'});
    await section.getByRole('button', {name: 'Set up two-factor'}).click();
    const secret = (await section.getByLabel('Setup key', {exact: true}).innerText()).replace(/\s/g, '');
    await expectFitsPhone(page);
    await expectAccessible(page);
    const first = appCode(secret);
    await section.getByLabel('Authentication code').fill(first);
    await section.getByRole('button', {name: 'Turn on two-factor'}).click();
    await expect(section.getByRole('list', {name: 'Recovery codes'})).toBeVisible();
    await expectFitsPhone(page);

    await users.signOut(page);
    await signInWithPassword(page, user);
    await expectFitsPhone(page);
    await expectAccessible(page);
    // The code that turned two-factor on was spent: it does not sign in.
    await page.getByLabel('Authentication code').fill(first);
    await page.getByRole('button', {name: 'Verify'}).click();
    await expect(page.getByText('That code is not valid. Try again, or use a recovery code.')).toBeVisible();
    // Back to sign in starts over with an empty password.
    await page.getByRole('button', {name: 'Back to sign in'}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'Sign in to IntakeKit'})).toBeVisible();
    await expect(page.getByLabel('Password', {exact: true})).toHaveValue('');
  });
});

test('an owner requires two-factor; a member without it is sent to set it up before the keys and the activity log', async ({
  page,
  secondPage,
}) => {
  const {owner, member} = await users.team('Policy Clinic', {owner: 'Oona Owner', member: 'Milo Member'});
  const ownerToken = await users.token(owner);

  // The owner needs two-factor first: the page says so.
  await users.signIn(page, owner, '/team');
  const policy = page.getByRole('region', {name: 'Two-factor authentication'});
  await policy.getByRole('button', {name: 'Require two-factor for everyone'}).click();
  await expect(
    policy.getByText('Turn on two-factor authentication for your own account before requiring it of the team.'),
  ).toBeVisible();
  const {secret} = await apiCall<{secret: string}>('POST', '/api/auth/two-factor/setup', undefined, ownerToken);
  await apiCall('POST', '/api/auth/two-factor/enable', {code: appCode(secret)}, ownerToken);
  await policy.getByRole('button', {name: 'Require two-factor for everyone'}).click();
  await expect(policy.getByText('Required.')).toBeVisible();
  await expectAccessible(page);

  // The member is sent from the keys and from the activity log (the members' addresses) to Settings, which says why.
  await users.signIn(secondPage, member, '/api-keys');
  await expect(secondPage).toHaveURL(/\/settings\?two-factor=required#two-factor$/);
  await gotoHydrated(secondPage, '/activity');
  await expect(secondPage).toHaveURL(/\/settings\?two-factor=required#two-factor$/);
  await expect(
    secondPage.getByText(
      'Policy Clinic requires two-factor authentication. Set it up to reach the API keys, the team page and the activity log.',
    ),
  ).toBeVisible();
  const section = secondPage.getByRole('region', {name: 'Two-factor authentication'});
  await section.getByRole('button', {name: 'Set up two-factor'}).click();
  const memberSecret = (await section.getByLabel('Setup key', {exact: true}).innerText()).replace(/\s/g, '');
  await section.getByLabel('Authentication code').fill(appCode(memberSecret));
  await section.getByRole('button', {name: 'Turn on two-factor'}).click();
  await section.getByRole('button', {name: 'I have saved my codes'}).click();
  await gotoHydrated(secondPage, '/api-keys');
  await expect(secondPage.getByRole('heading', {level: 1, name: 'API Keys'})).toBeVisible();
});

/**
 * The signed-out pages beyond the account flows of auth.spec.ts: the home frame, the exact texts of the
 * verification failures, the reset page's invalid views and toggle, client-side messages, accessibility
 * and the 360 px layout. Written by the portal engineer on the lead's fixtures.
 */
import {randomBytes} from 'node:crypto';
import {test, expect, apiCall, expectAccessible, gotoHydrated, mail, uniqueEmail, users} from './fixtures';

/** Well-formed (32 bytes, base64url) but unknown to the server. Fixed, so test titles are stable across workers. */
const UNKNOWN_TOKEN = 'q2Vb7Lr0pX9dWmZk4TnYs1HcE8uJf6AaGi3oNw5RtyU';

const SIGNED_OUT_PAGES = [
  '/login',
  '/login?verified=1',
  '/register',
  '/verify-email-sent?email=someone%40clinic.test',
  '/verify',
  '/forgot-password',
  '/reset-password',
  `/reset-password?token=${UNKNOWN_TOKEN}`,
  '/forgot-password?authenticator=lost',
  `/cancel-recovery?token=${UNKNOWN_TOKEN}`,
  '/no-such-page',
];

test.describe('home', () => {
  test('frames the shipped landing page, full height, with a title and no outer scroll', async ({page}) => {
    await gotoHydrated(page, '/');
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('title', /IntakeKit/);
    await expect(frame).toHaveAttribute('src', '/landing/index.html');
    const box = await frame.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box?.height).toBe(viewport.height);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
  });

  test('the framed landing page fits a 375 and a 360 px phone, its header buttons in view', async ({page}) => {
    for (const width of [375, 360]) {
      await page.setViewportSize({width, height: 812});
      await gotoHydrated(page, '/');
      const landing = page.frameLocator('iframe');
      await expect(landing.getByRole('link', {name: 'Get started', exact: true})).toBeInViewport({ratio: 1});
      await expect(landing.getByRole('link', {name: 'Sign in'}).first()).toBeInViewport({ratio: 1});
      const frame = (await (await page.locator('iframe').elementHandle())!.contentFrame())!;
      expect(await frame.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(
        width,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The feature cards keep the page's side margins rather than touching the screen's edges.
      const card = landing.getByRole('heading', {name: 'Five-minute quick start'}).locator('..');
      const box = (await card.boundingBox())!;
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(16);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width - 16);
    }
  });

  test('?page=sign-up frames the sign-up sub-page, whose button opens /register in the window', async ({page}) => {
    await gotoHydrated(page, '/login');
    await page.getByRole('link', {name: 'Get started'}).click();
    await expect(page).toHaveURL(/\/\?page=sign-up$/);
    await expect(page.locator('iframe')).toHaveAttribute('src', '/landing/sign-up.html');
    const create = page.frameLocator('iframe').getByRole('link', {name: 'Create account'});
    await expect(create).toHaveAttribute('target', '_top');
    await create.click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });
});

test.describe('verification failures', () => {
  test('an unknown link shows the mapped message and the yellow notice', async ({page}) => {
    await gotoHydrated(page, `/verify?token=${randomBytes(32).toString('base64url')}`);
    await expect(page.getByRole('heading', {name: 'Verification failed'})).toBeVisible();
    await expect(page.getByText('This link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(
      page.getByText('The verification link has expired or is invalid. Please request a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('link', {name: /back to sign in/i})).toHaveAttribute('href', '/login');
  });

  test('a link opened again once the address is verified says so and leads to sign-in', async ({page}) => {
    const user = await users.create({verified: false});
    const link = mail.link(await mail.waitFor(user.email, {subject: /verify/i}), '/verify?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', {name: 'Email verified!'})).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', {name: 'Email already verified'})).toBeVisible();
    await expect(page.getByText('Your email address is already verified. You can sign in.')).toBeVisible();
    await expect(page.getByText('Verification failed')).toHaveCount(0);
    await expect(page.getByRole('link', {name: 'Request new verification link'})).toHaveCount(0);
    await page.getByRole('link', {name: 'Continue to sign in'}).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page);
  });

  test('a link replaced by a resend shows one notice, and the way on from sign-up is not a dead end', async ({
    page,
  }) => {
    const user = await users.create({verified: false});
    const first = await mail.waitFor(user.email, {subject: /verify/i});
    await apiCall('POST', '/api/auth/resend-verification', {email: user.email});
    await mail.waitFor(user.email, {subject: /verify/i, after: first.id});

    await page.goto(mail.link(first, '/verify?token='));
    await expect(page.getByRole('heading', {name: 'Verification failed'})).toBeVisible();
    await expect(page.getByText('This link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveText(
      'The verification link has expired or is invalid. Please request a new one.',
    );

    // The spec's button leads to sign-up, which now offers the two ways on for an address already registered.
    await page.getByRole('link', {name: 'Request new verification link'}).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill('Another-Valid-Pass-1');
    await page.getByRole('button', {name: 'Create account'}).click();
    await expect(page.getByText('This email is already registered. Try logging in instead.')).toBeVisible();
    await page.getByRole('link', {name: 'resend the verification email'}).click();
    await expect(page).toHaveURL(/\/verify-email-sent\?email=/);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });

  test('a malformed link shows INVALID_TOKEN without the notice', async ({page}) => {
    await gotoHydrated(page, '/verify?token=abc');
    await expect(page.getByText('This verification link is invalid or has expired.')).toBeVisible();
    await expect(
      page.getByText('The verification link has expired or is invalid. Please request a new one.'),
    ).toHaveCount(0);
  });
});

test.describe('reset-password page', () => {
  test('without a token it shows the invalid-link view with the reason', async ({page}) => {
    await gotoHydrated(page, '/reset-password');
    await expect(page.getByText('No reset token provided')).toBeVisible();
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('link', {name: /request a new link/i})).toHaveAttribute('href', '/forgot-password');
  });

  test('an unknown token switches to the invalid-link view on submit; the toggle shows the password', async ({
    page,
  }) => {
    await gotoHydrated(page, `/reset-password?token=${randomBytes(32).toString('base64url')}`);
    const password = page.getByLabel(/^new password/i);
    await password.fill('Brand-New-Pass-9');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', {name: 'Show password'}).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByText('Strong', {exact: true})).toBeVisible();
    await page.getByLabel(/^confirm/i).fill('Brand-New-Pass-9');
    await page.getByRole('button', {name: /reset password/i}).click();
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  });

  test('"Please fill in all fields" goes once both fields are filled', async ({page}) => {
    await gotoHydrated(page, `/reset-password?token=${randomBytes(32).toString('base64url')}`);
    await page.getByLabel(/^new password/i).fill('Brand-New-Pass-9');
    await page.getByRole('button', {name: /reset password/i}).click();
    const message = page.getByTestId('form-error');
    await expect(message).toHaveText('Please fill in all fields');
    await page.getByLabel(/^confirm/i).fill('Brand-New-Pass-9');
    await expect(message).toBeHidden();
  });

  test('a weak password gets the validator message before any call', async ({page}) => {
    await gotoHydrated(page, `/reset-password?token=${randomBytes(32).toString('base64url')}`);
    await page.getByLabel(/^new password/i).fill('alllowercase');
    await page.getByLabel(/^confirm/i).fill('alllowercase');
    await page.getByRole('button', {name: /reset password/i}).click();
    await expect(
      page.getByText('Password must contain at least 2 of: uppercase, lowercase, number, or symbol'),
    ).toBeVisible();
  });
});

test.describe('sign-in page', () => {
  test('Tab goes email, password, Sign in, and only then Forgot password?', async ({page}) => {
    await gotoHydrated(page, '/login');
    await page.getByLabel(/^email/i).focus();
    const order = [
      page.getByLabel(/^password/i),
      page.getByRole('button', {name: 'Show password'}),
      page.getByRole('button', {name: 'Sign in', exact: true}),
      page.getByRole('link', {name: 'Forgot password?'}),
    ];
    for (const next of order) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
  });
});

test.describe('sign-up page', () => {
  test('speaks the spec messages and sends a trimmed, lowercased address', async ({page}) => {
    await gotoHydrated(page, '/register');
    const submit = page.getByRole('button', {name: 'Create account'});
    await submit.click();
    await expect(page.getByText('Email and password are required')).toBeVisible();
    await page.getByLabel(/^email/i).fill('dev@clinic.test');
    await page.getByLabel(/^password/i).fill('Short1!');
    await submit.click();
    await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();
  });

  test('one address rule with the API: an emoji or markup address is refused before anything is sent', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) sent.push(request.url());
    });
    await gotoHydrated(page, '/register');
    await page.getByLabel(/^password/i).fill('Valid-Password-1');
    for (const email of ['😀@example.com', '<b>x</b>@example.com']) {
      await page.getByLabel(/^email/i).fill(email);
      await page.getByRole('button', {name: 'Create account'}).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    }
    expect(sent).toEqual([]);
  });

  test('the meter, the checklist and the answer agree on the password rule', async ({page}) => {
    await gotoHydrated(page, '/register');
    const meter = page.getByRole('meter', {name: 'Strength'});
    await page.getByLabel(/^email/i).fill(uniqueEmail('rule'));
    await page.getByLabel(/^password/i).fill('abcdefghij');
    // Ten lower-case letters: long enough, one kind of character. Refused, and the page says so before sending.
    await expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
    await expect(page.getByText('at least 10 characters (met)')).toBeVisible();
    await expect(page.getByText('at least 2 of these kinds of character: (not met)')).toBeVisible();
    await page.getByRole('button', {name: 'Create account'}).click();
    await expect(
      page.getByText('Password must contain at least 2 of: uppercase, lowercase, number, or symbol'),
    ).toBeVisible();
    // Digits and a symbol are two kinds: accepted by the rule, and shown as met.
    await page.getByLabel(/^password/i).fill('1234567890!');
    await expect(page.getByText('at least 2 of these kinds of character: (met)')).toBeVisible();
    await expect(meter).not.toHaveAttribute('aria-valuetext', 'Weak');
    // Long enough and mixed, but on the API's common list: the meter says so, and the page refuses it unsent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/register')) sent.push(request.url());
    });
    await page.getByLabel(/^password/i).fill('Password123');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Too common');
    await expect(page.getByText('not a commonly used password (not met)')).toBeVisible();
    await page.getByRole('button', {name: 'Create account'}).click();
    await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('an address already registered gets EMAIL_IN_USE', async ({page}) => {
    const user = await users.create({verified: false});
    await mail.waitFor(user.email, {subject: /verify/i});
    await gotoHydrated(page, '/register');
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill('Another-Valid-Pass-1');
    await page.getByRole('button', {name: 'Create account'}).click();
    await expect(page.getByText('This email is already registered. Try logging in instead.')).toBeVisible();
  });
});

test.describe('forgot-password page', () => {
  test('checks the address before sending', async ({page}) => {
    await gotoHydrated(page, '/forgot-password');
    await page.getByRole('button', {name: /send reset link/i}).click();
    await expect(page.getByText('Email address is required')).toBeVisible();
    await page.getByLabel(/email/i).fill('nope');
    await page.getByRole('button', {name: /send reset link/i}).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });
});

test.describe('accessibility and small screens', () => {
  for (const path of SIGNED_OUT_PAGES) {
    test(`${path} has no serious axe violation and fits 360 px`, async ({page}) => {
      await page.setViewportSize({width: 360, height: 780});
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});

test.describe('in the dark theme at 375 px', () => {
  test.use({colorScheme: 'dark', viewport: {width: 375, height: 812}});

  test('every signed-out page, and the states added to them, pass axe and never scroll sideways', async ({page}) => {
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const path of SIGNED_OUT_PAGES) {
      await gotoHydrated(page, path);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
      await expectAccessible(page);
      await fits();
    }
    // The password checklist with both kinds of line, and an address already registered.
    const user = await users.create();
    await gotoHydrated(page, '/register');
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill('abcdefghi1');
    await page.getByRole('button', {name: 'Create account'}).click();
    await expect(page.getByRole('link', {name: 'resend the verification email'})).toBeVisible();
    await expectAccessible(page);
    await fits();
    // A verification link opened again.
    await page.goto(mail.link(await mail.waitFor(user.email, {subject: /verify/i}), '/verify?token='));
    await expect(page.getByRole('heading', {name: 'Email already verified'})).toBeVisible();
    await expectAccessible(page);
    await fits();
  });
});

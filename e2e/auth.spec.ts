import {test, expect, gotoHydrated, mail, stack, users, uniqueEmail, DEFAULT_PASSWORD} from './fixtures';
import {API_URL} from './support/ports';
import {recordLayoutShifts} from './support/layout-shifts';

const NEW_PASSWORD = 'Fresh-Start-2026!';
/** 'Email verified!' moves on to sign-in after 2 s; the sign-in banner's flag leaves the address after 5 s. */
const VERIFIED_REDIRECT_MS = 2000;
const SIGN_IN_BANNER_MS = 5000;

test.describe('sign-up and email verification', () => {
  test('sign up, open the emailed link, see the banner, sign in and land on the dashboard', async ({page}) => {
    // The page's clock, so the 2 s before the redirect and the banner's 5 s pass at once instead of in real time.
    await page.clock.install();
    const email = uniqueEmail('signup');
    await gotoHydrated(page, '/register');
    await expect(page.getByText(/join an existing team later/i)).toBeVisible();

    // Typed with stray capitals and spaces: the portal trims and lowercases before sending.
    await page.getByLabel(/^email/i).fill(`  ${email.toUpperCase()} `);
    await page.getByLabel(/^password/i).fill(DEFAULT_PASSWORD);
    await page.getByLabel(/full name/i).fill('  Ada Lovelace ');
    await page.getByRole('button', {name: /create account|sign up/i}).click();

    await expect(page).toHaveURL(/\/verify-email-sent\?email=/);
    await expect(page.getByRole('heading', {name: 'Check your email'})).toBeVisible();
    // The address is masked, and the tips say the link lasts 60 minutes.
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByText(/60 minutes/)).toBeVisible();

    const message = await mail.waitFor(email, {subject: /verify/i});
    await page.goto(mail.link(message, '/verify?token='));
    await expect(page.getByText('Email verified!')).toBeVisible();
    await page.clock.fastForward(VERIFIED_REDIRECT_MS);
    await expect(page).toHaveURL(/\/login\?verified=1$/);
    await expect(page.getByText('Email verified successfully!')).toBeVisible();
    // The flag leaves the address after 5 s, so a reload does not show the banner again.
    await page.clock.fastForward(SIGN_IN_BANNER_MS);
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel(/^email/i).fill(email);
    await page.getByLabel(/^password/i).fill(DEFAULT_PASSWORD);
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('the resend button counts down after sending another verification email', async ({page}) => {
    const user = await users.create({verified: false});
    const first = await mail.waitFor(user.email, {subject: /verify/i});
    await gotoHydrated(page, `/verify-email-sent?email=${encodeURIComponent(user.email)}`);
    const resend = page.getByRole('button', {name: /resend/i});
    await resend.click();
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/Resend in \d+s/);
    const second = await mail.waitFor(user.email, {subject: /verify/i, after: first.id});
    expect(mail.link(second, '/verify?token=')).not.toBe(mail.link(first, '/verify?token='));
  });

  test('signing in before verifying offers to resend the email', async ({page}) => {
    const user = await users.create({verified: false});
    await gotoHydrated(page, '/login');
    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(user.password);
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(
      page.getByText('Please verify your email before logging in. Check your inbox for the verification link.'),
    ).toBeVisible();
    await page.getByRole('link', {name: 'Resend verification email'}).click();
    await expect(page).toHaveURL(/\/verify-email-sent\?email=/);
  });

  test('a verification page with no token says so, with the way to a new link', async ({page}) => {
    await gotoHydrated(page, '/verify');
    await expect(page.getByText('Verification failed')).toBeVisible();
    await expect(page.getByText('No verification token provided')).toBeVisible();
    await expect(page.getByRole('link', {name: /request new verification link/i})).toHaveAttribute('href', '/register');
  });

  test('the check-your-email page without an address goes to sign-up; sign-up pre-fills an invited address', async ({
    page,
  }) => {
    await gotoHydrated(page, '/verify-email-sent');
    await expect(page).toHaveURL(/\/register$/);
    await gotoHydrated(page, '/register?email=invitee%40clinic.test');
    await expect(page.getByLabel(/^email/i)).toHaveValue('invitee@clinic.test');
  });
});

test.describe('password recovery', () => {
  test('forgot, read the email, reset, sign in with the new password; the link works once', async ({page}) => {
    const user = await users.create();
    await gotoHydrated(page, '/login');
    await page.getByRole('link', {name: /forgot/i}).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel(/email/i).fill(user.email);
    await page.getByRole('button', {name: /send|reset/i}).click();
    await expect(page.getByRole('heading', {name: 'Check your email'})).toBeVisible();
    await expect(
      page.getByText(`If an account exists with ${user.email}, we've sent password reset instructions.`),
    ).toBeVisible();

    const message = await mail.waitFor(user.email, {subject: /reset/i});
    const link = mail.link(message, '/reset-password?token=');
    await page.goto(link);
    await page.getByLabel(/^new password/i).fill(NEW_PASSWORD);
    await page.getByLabel(/^confirm/i).fill(`${NEW_PASSWORD}x`);
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByRole('button', {name: /reset password/i})).toBeDisabled();
    await page.getByLabel(/^confirm/i).fill(NEW_PASSWORD);
    await page.getByRole('button', {name: /reset password/i}).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(page.getByText('Password reset successful!')).toBeVisible();

    await page.getByLabel(/^email/i).fill(user.email);
    await page.getByLabel(/^password/i).fill(NEW_PASSWORD);
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(link);
    await page.getByLabel(/^new password/i).fill('Another-Pass-77!');
    await page.getByLabel(/^confirm/i).fill('Another-Pass-77!');
    await page.getByRole('button', {name: /reset password/i}).click();
    await expect(page.getByText('This reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  });

  test('an unknown address gets the same sent view', async ({page}) => {
    const email = uniqueEmail('nobody');
    await gotoHydrated(page, '/forgot-password');
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', {name: /send|reset/i}).click();
    await expect(
      page.getByText(`If an account exists with ${email}, we've sent password reset instructions.`),
    ).toBeVisible();
  });
});

test.describe('sign-in', () => {
  test('a wrong password five times locks the address', async ({page}) => {
    const user = await users.create();
    await gotoHydrated(page, '/login');
    await page.getByLabel(/^email/i).fill(user.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel(/^password/i).fill(`Wrong-Guess-${attempt}!`);
      await page.getByRole('button', {name: 'Sign in', exact: true}).click();
      if (attempt < 5) await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
    }
    await expect(
      page.getByText('Too many failed login attempts. Your account has been temporarily locked.'),
    ).toBeVisible();
    // Even the right password is refused while locked.
    await page.getByLabel(/^password/i).fill(user.password);
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(
      page.getByText('Too many failed login attempts. Your account has been temporarily locked.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The screen says when the lock lifts and offers the way in now: a password reset.
    await expect(page.getByText(/^You can try again at \d{1,2}:\d{2}\s?[AP]M\.$/)).toBeVisible();
    await page.getByRole('link', {name: 'Reset your password'}).click();
    await expect(page).toHaveURL(/\/forgot-password\?email=/);
    await expect(page.getByLabel(/^email/i)).toHaveValue(user.email);
  });

  test('client-side validation speaks the spec and sends nothing', async ({page}) => {
    await gotoHydrated(page, '/login');
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(page.getByText('Email and password are required')).toBeVisible();
    await page.getByLabel(/^email/i).fill('not-an-address');
    await page.getByLabel(/^password/i).fill('whatever');
    await page.getByRole('button', {name: 'Sign in', exact: true}).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('a signed-in user opening /login goes to the dashboard, and the Get started link goes to the sign-up frame', async ({
    page,
  }) => {
    await gotoHydrated(page, '/login');
    await expect(page.getByRole('link', {name: 'Get started'})).toHaveAttribute('href', '/?page=sign-up');
    const user = await users.create();
    await users.signIn(page, user, '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('protected routes and routing', () => {
  test('a signed-out visit to /api-keys lands on /login', async ({page}) => {
    await gotoHydrated(page, '/api-keys');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('with a session stored, a guide page is on screen while the session check answers; the account follows without moving it', async ({
    page,
  }) => {
    const user = await users.create({name: 'Paige Pending'});
    await users.signIn(page, user, '/dashboard');
    let answer = () => {};
    await page.route(`${API_URL}/api/auth/me`, async (route) => {
      await new Promise<void>((resolve) => (answer = resolve));
      await route.continue();
    });
    const sidebar = page.locator('#developer-sidebar');

    await page.goto('/dashboard/quick-start');
    // The page's own content, from its static HTML, before the API has said who is signed in.
    await expect(page.getByRole('heading', {level: 1, name: 'Quick Start'})).toBeVisible();
    await expect(sidebar.getByRole('status').filter({hasText: 'Loading your account...'})).toBeVisible();
    await expect(page.getByTestId('sidebar-user')).toHaveCount(0);
    answer();
    await expect(page.getByTestId('sidebar-user')).toContainText('Paige Pending');
    await expect(page.getByText('Loading your account...')).toHaveCount(0);

    // The dashboard's greeting holds the name's place, and the sidebar the user card's.
    const shifts = await recordLayoutShifts(page, 'main, #developer-sidebar');
    await page.goto('/dashboard');
    await expect(page.getByText(/^Everything you need to put IntakeKit/)).toBeVisible();
    await expect(sidebar.getByRole('status').filter({hasText: 'Loading your account...'})).toBeVisible();
    answer();
    await expect(page.getByRole('heading', {level: 1, name: 'Welcome back, Paige Pending'})).toBeVisible();
    await expect(page.getByTestId('sidebar-user')).toContainText(user.email);
    expect(await shifts()).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({javaScriptEnabled: false});

    test('a signed-out reader of a guide page sees the loading state, not the guide', async ({page}) => {
      await page.goto('/dashboard/quick-start');
      await expect(page.getByTestId('auth-loading')).toBeVisible();
      await expect(page.getByRole('heading', {level: 1, name: 'Quick Start'})).toBeHidden();
    });
  });

  test.describe('with the API stopped', () => {
    test.use({allowConsoleErrors: [/ERR_CONNECTION_REFUSED|Failed to fetch|NetworkError/]});

    test('a stored token shows Server Connection Issue, and Retry Connection recovers', async ({page}) => {
      const user = await users.create();
      await users.signIn(page, user, '/dashboard');
      await stack.stopApi();
      // Restarted once: in the test once the outage is seen, or here if the test failed before that.
      let restarted = false;
      try {
        await page.reload();
        await expect(page.getByText('Server Connection Issue')).toBeVisible();
        await stack.startApi();
        restarted = true;
        await page.getByRole('button', {name: 'Retry Connection'}).click();
        await expect(page.getByText('Server Connection Issue')).toHaveCount(0);
        await expect(page).toHaveURL(/\/dashboard$/);
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      } finally {
        if (!restarted) await stack.startApi();
      }
    });
  });

  test('a trailing slash is removed, keeping query and hash', async ({page}) => {
    await page.goto('/login/?a=1#x');
    await expect(page).toHaveURL(/\/login\?a=1#x$/);
  });

  for (const width of [1280, 375]) {
    test(`an unmatched route shows the error page, centred at ${width} px, with the ways on`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await gotoHydrated(page, '/no-such-page');
      const title = page.getByRole('heading', {level: 1, name: 'Unexpected Application Error!'});
      await expect(title).toBeVisible();
      await expect(page.getByText('404 Not Found')).toBeVisible();
      await expect(page.getByText(/There is no page at this address/)).toBeVisible();
      // The title's text, not just its box, sits in the middle of the content column.
      const middle = await title.evaluate((h) => {
        const range = document.createRange();
        range.selectNodeContents(h);
        const text = range.getBoundingClientRect();
        const main = h.closest('main')!.getBoundingClientRect();
        return {text: text.left + text.width / 2, main: main.left + main.width / 2};
      });
      expect(Math.abs(middle.text - middle.main)).toBeLessThan(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(page.getByRole('link', {name: 'Go to home'})).toHaveAttribute('href', '/');
      // Signed out, the dashboard asks for a sign-in first.
      await page.getByRole('link', {name: 'Go to the dashboard'}).click();
      await expect(page).toHaveURL(/\/login/);
    });
  }
});

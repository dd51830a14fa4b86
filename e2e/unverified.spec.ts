/**
 * A signed-in user whose email is not verified: Settings shows Unverified and resends the email; API Keys shows the
 * lock, in the page and in the API. Such a user can sign in only when the API runs with
 * LOGIN_REQUIRES_VERIFIED_EMAIL=false, so this file restarts the API once for all of its tests (each restart costs
 * seconds) and restores the default afterwards.
 */
import {test, expect, apiCall, expectAccessible, mail, stack, users} from './fixtures';

/** How long 'Verification email sent!' stays. */
const EMAIL_MESSAGE_MS = 5000;

test.describe('a signed-in user with an unverified email', () => {
  test.beforeAll(async () => {
    await stack.startApi({LOGIN_REQUIRES_VERIFIED_EMAIL: 'false'});
  });
  test.afterAll(async () => {
    await stack.startApi();
  });

  test('Settings shows Unverified and can resend the verification email', async ({page}) => {
    // The page's clock, so the message's 5 s pass at once instead of in real time.
    await page.clock.install();
    const user = await users.create({verified: false});
    const first = await mail.waitFor(user.email, {subject: /verify/i});
    await users.signIn(page, user, '/settings');
    const profile = page.getByRole('region', {name: 'Profile Information'});
    await expect(profile.getByTestId('email-badge')).toHaveText('Unverified');
    await expect(profile.getByLabel('Team')).toHaveCount(0);

    await profile.getByRole('button', {name: /resend/i}).click();
    const sent = profile.getByText('Verification email sent! Please check your inbox.');
    await expect(sent).toBeVisible();
    await mail.waitFor(user.email, {subject: /verify/i, after: first.id});
    await page.clock.fastForward(EMAIL_MESSAGE_MS);
    await expect(sent).toBeHidden();
    await expectAccessible(page);
  });

  test('API Keys: the banner, disabled buttons with the tooltip, and the API refuses with EMAIL_NOT_VERIFIED', async ({
    page,
  }) => {
    const user = await users.create({verified: false});
    const token = await users.signIn(page, user, '/api-keys');

    const warning = page.getByRole('alert').filter({hasText: 'Email Verification Required'});
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', {name: /resend/i})).toHaveAttribute(
      'href',
      `/verify-email-sent?email=${encodeURIComponent(user.email)}`,
    );

    for (const name of ['Create Sandbox Key', 'Create Production Key']) {
      const button = page.getByRole('button', {name});
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', 'Email verification required');
      await expect(button).toHaveAccessibleDescription('Email verification required');
    }
    await expectAccessible(page);

    // The API holds the same line, for create, rotate and revoke.
    const id = '00000000-0000-4000-8000-000000000000';
    await expect(apiCall('POST', '/api/keys/sandbox', undefined, token)).rejects.toThrow(/403 .*EMAIL_NOT_VERIFIED/);
    await expect(apiCall('POST', `/api/keys/${id}/rotate`, {keyType: 'sandbox'}, token)).rejects.toThrow(
      /403 .*EMAIL_NOT_VERIFIED/,
    );
    await expect(apiCall('DELETE', `/api/keys/${id}/revoke`, {keyType: 'sandbox'}, token)).rejects.toThrow(
      /403 .*EMAIL_NOT_VERIFIED/,
    );
  });
});

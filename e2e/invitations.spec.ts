/**
 * Joining a team by consent, in two browsers: the inviter's (`page`) and the invitee's (`secondPage`).
 * The invitation link comes from the real email in the SMTP sink. Covers sign-up through the link (no verification
 * email, straight back to the invitation), an existing user whose keys stay theirs until they press Join, decline,
 * another signed-in address, an invitee already in a team, unusable links, axe on every view, 375 px in dark mode.
 */
import type {Page} from '@playwright/test';
import {
  test,
  expect,
  apiCall,
  expectAccessible,
  gotoHydrated,
  mail,
  users,
  uniqueEmail,
  DEFAULT_PASSWORD,
  type TestUser,
} from './fixtures';
import {sandboxKey} from './support/keys';

const INVALID_LINK = 'This link is invalid or has expired. Please request a new one.';
/** Well-formed (32 bytes, base64url) but unknown to the server. */
const UNKNOWN_TOKEN = 'Zq9Wc2Lr0pX9dWmZk4TnYs1HcE8uJf6AaGi3oNw5Rty';

function mask(key: string): string {
  return key.length <= 16 ? key : `${key.slice(0, 8)}${'*'.repeat(key.length - 16)}${key.slice(-8)}`;
}

/** The invitation email's link (absolute, on the portal) for `email` from `teamName`; `after` skips older messages. */
async function invitationLink(email: string, teamName: string, after = 0): Promise<string> {
  const message = await mail.waitFor(email, {
    subject: new RegExp(`invited you to join the team “${teamName}” on IntakeKit`),
    after,
  });
  return mail.link(message, '/accept-invitation?token=');
}

/** An owner with a team and a session token for API calls. */
async function ownerOf(teamName: string, name = 'Olivia Owner'): Promise<{owner: TestUser; token: string}> {
  const owner = await users.create({name, teamName});
  return {owner, token: await users.token(owner)};
}

async function inviteByApi(ownerToken: string, email: string, role: 'member' | 'admin' = 'member'): Promise<void> {
  await apiCall('POST', '/api/team/add', {email, role}, ownerToken);
}

const heading = (page: Page) => page.getByRole('heading', {level: 1});

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a newcomer invited from the Team page signs up through the link, with no verification email, and joins', async ({
  page,
  secondPage,
}) => {
  // Two browsers through a whole sign-up: about 25 s on a quiet machine, twice that when the 2 cores are shared.
  test.slow();
  const {owner} = await ownerOf('Harbor Clinic');
  const newcomer = uniqueEmail('newcomer');

  // The inviter uses the Team page's form.
  await users.signIn(page, owner, '/team');
  await page.getByLabel('Email', {exact: true}).fill(newcomer);
  await page.getByRole('button', {name: 'Add member'}).click();
  await expect(page.getByTestId('team-invitation-row').filter({hasText: newcomer})).toContainText('INVITED');

  const link = await invitationLink(newcomer, 'Harbor Clinic');
  expect(new URL(link).pathname).toBe('/accept-invitation');

  // The invitee's browser: the loading view while the invitation is looked up (the answer is held until checked).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await secondPage.route('**/api/invitations/lookup', async (route) => {
    await held;
    await route.continue();
  });
  await gotoHydrated(secondPage, link);
  await expect(secondPage.getByRole('status').filter({hasText: 'Loading invitation...'})).toBeVisible();
  await expectAccessible(secondPage);
  release();

  // Signed out: who invited whom, to what, as what; sign in, sign up or decline.
  await expect(heading(secondPage)).toHaveText('Join Harbor Clinic on IntakeKit');
  await expect(
    secondPage.getByText(`Olivia Owner invited ${newcomer} to join Harbor Clinic as a member.`),
  ).toBeVisible();
  await expect(secondPage.getByRole('link', {name: 'Sign in to accept'})).toBeVisible();
  await expect(secondPage.getByRole('button', {name: 'Decline'})).toBeVisible();
  await expect(heading(secondPage)).toHaveCount(1);
  await expectAccessible(secondPage);

  // Sign-up through the invitation: the address is filled in and there is no team of one's own to name.
  await secondPage.getByRole('link', {name: 'Create an account'}).click();
  await expect(secondPage).toHaveURL(/\/register\?invitation=[\w-]+&email=/);
  await expect(secondPage.getByLabel(/^email/i)).toHaveValue(newcomer);
  await expect(secondPage.getByLabel(/company/i)).toHaveCount(0);
  await secondPage.getByLabel(/^full name/i).fill('Nia Newcomer');
  await secondPage.getByLabel(/^password/i).fill(DEFAULT_PASSWORD);
  await secondPage.getByRole('button', {name: 'Create account'}).click();

  // Signed in at once and back on the invitation; no keys to move.
  await expect(secondPage).toHaveURL(/\/accept-invitation\?token=/);
  const join = secondPage.getByRole('button', {name: 'Join Harbor Clinic'});
  await expect(join).toBeVisible();
  await expect(secondPage.getByText('Checking your personal API keys...')).toHaveCount(0);
  await expect(secondPage.getByTestId('moving-keys')).toHaveCount(0);
  await expectAccessible(secondPage);

  await join.click();
  await expect(secondPage).toHaveURL(/\/team$/);
  await expect(secondPage.getByRole('heading', {level: 1, name: 'Team'})).toBeVisible();
  const ownRow = secondPage.getByTestId('team-member-row').filter({hasText: newcomer});
  await expect(ownRow).toContainText('MEMBER');
  await expect(ownRow).toContainText('Nia Newcomer');

  // The inviter sees a member now, not an invitation.
  await page.reload();
  await expect(page.getByTestId('team-member-row').filter({hasText: newcomer})).toContainText('MEMBER');
  await expect(page.getByTestId('team-invitation-row').filter({hasText: newcomer})).toHaveCount(0);

  // The link proved the mailbox: that address got the invitation and no verification email.
  const subjects = (await mail.list(newcomer)).map((m) => m.subject);
  expect(subjects.filter((s) => /invited you to join the team “Harbor Clinic”/.test(s))).toHaveLength(1);
  expect(subjects.filter((s) => /verif/i.test(s))).toEqual([]);

  // A used link is spent.
  await gotoHydrated(secondPage, link);
  await expect(secondPage.getByText(INVALID_LINK)).toBeVisible();
});

test('an existing user signs in from the link; their keys stay theirs until Join, then the team owns them', async ({
  page,
  secondPage,
}) => {
  test.slow();
  const {owner, token: ownerToken} = await ownerOf('Keystone Clinic');
  const existing = await users.create({name: 'Eli Existing'});
  const apiKey = await sandboxKey(existing);
  await inviteByApi(ownerToken, existing.email, 'admin');
  const link = await invitationLink(existing.email, 'Keystone Clinic');

  // Signed out, the invitee chooses to sign in: the sign-in page has the address and comes back here.
  await gotoHydrated(secondPage, link);
  await expect(
    secondPage.getByText(`Olivia Owner invited ${existing.email} to join Keystone Clinic as an admin.`),
  ).toBeVisible();
  await secondPage.getByRole('link', {name: 'Sign in to accept'}).click();
  await expect(secondPage).toHaveURL(/\/login\?next=%2Faccept-invitation%3Ftoken%3D[\w-]+&email=/);
  await expect(secondPage.getByLabel(/^email/i)).toHaveValue(existing.email);
  await secondPage.getByLabel(/^password/i).fill(DEFAULT_PASSWORD);
  await secondPage.getByRole('button', {name: 'Sign in', exact: true}).click();
  await expect(secondPage).toHaveURL(/\/accept-invitation\?token=/);

  // Joining would move the one active key; nothing has happened yet.
  await expect(secondPage.getByTestId('moving-keys')).toHaveText(
    "1 active personal API key will move into Keystone Clinic. It keeps working and becomes the team's.",
  );
  await expect(secondPage.getByRole('button', {name: 'Join Keystone Clinic'})).toBeVisible();
  await expectAccessible(secondPage);

  // Until Join, the invitee's API Keys page is as it was and the team does not see the key.
  await gotoHydrated(secondPage, '/api-keys');
  await expect(secondPage.getByTestId('api-key-row').filter({hasText: mask(apiKey)})).toHaveCount(1);
  await gotoHydrated(secondPage, '/team');
  await expect(secondPage.getByRole('heading', {name: 'No Team Organization'})).toBeVisible();
  const before = await apiCall<{keys: Array<{apiKey: string}>}>('GET', '/api/keys', undefined, ownerToken);
  expect(before.keys.map((k) => k.apiKey)).not.toContain(apiKey);

  await gotoHydrated(secondPage, link);
  await secondPage.getByRole('button', {name: 'Join Keystone Clinic'}).click();
  await expect(secondPage).toHaveURL(/\/team$/);
  await expect(secondPage.getByTestId('team-member-row').filter({hasText: existing.email})).toContainText('ADMIN');

  // The key is the team's now: in the owner's list, and still in the invitee's.
  await users.signIn(page, owner, '/api-keys');
  await expect(page.getByTestId('api-key-row').filter({hasText: mask(apiKey)})).toHaveCount(1);
  await gotoHydrated(secondPage, '/api-keys');
  await expect(secondPage.getByTestId('api-key-row').filter({hasText: mask(apiKey)})).toHaveCount(1);
});

test('declining from the link says so, and the link is spent', async ({secondPage}) => {
  const {token: ownerToken} = await ownerOf('Decline Clinic');
  const invitee = uniqueEmail('decliner');
  await inviteByApi(ownerToken, invitee);
  const link = await invitationLink(invitee, 'Decline Clinic');

  await gotoHydrated(secondPage, link);
  await secondPage.getByRole('button', {name: 'Decline'}).click();
  await expect(
    secondPage.getByRole('status').filter({hasText: 'You declined the invitation to join Decline Clinic.'}),
  ).toBeVisible();
  await expect(heading(secondPage)).toHaveText('Invitation declined');
  await expectAccessible(secondPage);

  // The team no longer lists it, and the link shows the invalid-link view.
  const team = await apiCall<{invitations: Array<{email: string}>}>('GET', '/api/team', undefined, ownerToken);
  expect(team.invitations.map((i) => i.email)).not.toContain(invitee);
  await gotoHydrated(secondPage, link);
  await expect(secondPage.getByRole('alert').filter({hasText: INVALID_LINK})).toBeVisible();
});

test('signed in as another address: the page says so and signing out shows the invitation', async ({secondPage}) => {
  const {token: ownerToken} = await ownerOf('Mixup Clinic');
  const other = await users.create({name: 'Oscar Other'});
  const invitee = uniqueEmail('invitee');
  await inviteByApi(ownerToken, invitee);
  const link = await invitationLink(invitee, 'Mixup Clinic');

  await users.signIn(secondPage, other, link);
  await expect(
    secondPage.getByText(`You are signed in as ${other.email}, but this invitation is for ${invitee}.`),
  ).toBeVisible();
  await expect(secondPage.getByRole('button', {name: /^Join/})).toHaveCount(0);
  await expectAccessible(secondPage);

  await secondPage.getByRole('button', {name: 'Sign out'}).click();
  await expect(secondPage.getByRole('link', {name: 'Sign in to accept'})).toBeVisible();
  await expect(secondPage.getByRole('link', {name: 'Create an account'})).toHaveAttribute(
    'href',
    new RegExp(`^/register\\?invitation=[\\w-]+&email=${encodeURIComponent(invitee)}$`),
  );
  expect(await secondPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an invitee who already belongs to a team is told to leave it first', async ({secondPage}) => {
  const {token: ownerToken} = await ownerOf('Second Clinic');
  const busy = await users.create({name: 'Bea Busy', teamName: 'First Clinic'});
  await inviteByApi(ownerToken, busy.email);
  const link = await invitationLink(busy.email, 'Second Clinic');

  await users.signIn(secondPage, busy, link);
  await expect(
    secondPage.getByText('You already belong to First Clinic. Leave it in Settings before joining Second Clinic.'),
  ).toBeVisible();
  await expect(secondPage.getByRole('link', {name: 'Go to Settings'})).toHaveAttribute('href', '/settings');
  await expect(secondPage.getByRole('button', {name: /^Join/})).toHaveCount(0);
  await expectAccessible(secondPage);
});

test("unknown, malformed and missing tokens show the invalid-link view in the spec's words", async ({page}) => {
  for (const path of [
    `/accept-invitation?token=${UNKNOWN_TOKEN}`,
    '/accept-invitation?token=abc',
    '/accept-invitation',
  ]) {
    await gotoHydrated(page, path);
    await expect(page.getByRole('alert').filter({hasText: INVALID_LINK})).toBeVisible();
    await expect(heading(page)).toHaveCount(1);
  }
  await expectAccessible(page);
});

test("a revoked invitation's link shows the invalid-link view", async ({secondPage}) => {
  const {token: ownerToken} = await ownerOf('Revoke Clinic');
  const invitee = uniqueEmail('revoked');
  const {invitation} = await apiCall<{invitation: {id: string}}>('POST', '/api/team/add', {email: invitee}, ownerToken);
  const link = await invitationLink(invitee, 'Revoke Clinic');
  await apiCall('DELETE', `/api/team/invitations/${invitation.id}`, undefined, ownerToken);
  await gotoHydrated(secondPage, link);
  await expect(secondPage.getByRole('alert').filter({hasText: INVALID_LINK})).toBeVisible();
});

test.describe('at 375 px in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('the signed-out and invitee views fit a phone and pass axe', async ({secondPage}) => {
    const {token: ownerToken} = await ownerOf('Phone Clinic With A Rather Long Name');
    const invitee = await users.create({name: 'Pat Phone'});
    await inviteByApi(ownerToken, invitee.email);
    const link = await invitationLink(invitee.email, 'Phone Clinic With A Rather Long Name');

    await gotoHydrated(secondPage, link);
    expect(await secondPage.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect(secondPage.getByRole('link', {name: 'Sign in to accept'})).toBeVisible();
    await expectNoHorizontalScroll(secondPage);
    await expectAccessible(secondPage);
    // The narrowest phone the portal supports.
    await secondPage.setViewportSize({width: 360, height: 740});
    await expectNoHorizontalScroll(secondPage);
    await secondPage.setViewportSize({width: 375, height: 760});

    // Keyboard: the view's heading has focus, so Tab reaches the sign-in link next.
    await secondPage.keyboard.press('Tab');
    await expect(secondPage.getByRole('link', {name: 'Sign in to accept'})).toBeFocused();

    await users.signIn(secondPage, invitee, link);
    const join = secondPage.getByRole('button', {name: 'Join Phone Clinic With A Rather Long Name'});
    await expect(join).toBeVisible();
    await expect(secondPage.getByText('Checking your personal API keys...')).toHaveCount(0);
    await expectNoHorizontalScroll(secondPage);
    await expectAccessible(secondPage);
    await join.focus();
    await secondPage.keyboard.press('Enter');
    await expect(secondPage).toHaveURL(/\/team$/);
  });
});

/**
 * Team (issue 5): the no-team state; an owner invites an existing user and an address with no account (the
 * invitation email's link pre-fills sign-up, and after verifying the newcomer sees the team's keys); removal
 * behind the spec's confirmation; nobody's own row has a remove button; invite failures are alerts.
 */
import type {Page} from '@playwright/test';
import {test, expect, apiCall, expectAccessible, gotoHydrated, mail, users, uniqueEmail, DEFAULT_PASSWORD} from './fixtures';
import {API_URL} from './support/ports';

const CONFIRM_REMOVE = 'Remove this team member?';
const SHARE_NOTE = /share its API keys/;

const memberRows = (page: Page) => page.getByTestId('team-member-row');
const rowFor = (page: Page, email: string) => memberRows(page).filter({hasText: email});

function mask(key: string): string {
  return key.length <= 16 ? key : `${key.slice(0, 8)}${'*'.repeat(key.length - 16)}${key.slice(-8)}`;
}

/** The error.message the API gives for this invite, to compare with the alert. */
async function inviteRefusal(token: string, body: unknown): Promise<string> {
  const res = await fetch(`${API_URL}/api/team/add`, {
    method: 'POST',
    headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(false);
  return ((await res.json()) as {error: {message: string}}).error.message;
}

async function invite(page: Page, email: string, name?: string): Promise<void> {
  await page.getByLabel('Email', {exact: true}).fill(email);
  if (name) await page.getByLabel(/^Name/).fill(name);
  await page.getByRole('button', {name: 'Add member'}).click();
}

test('a user with no team sees No Team Organization', async ({page}) => {
  const user = await users.create();
  await users.signIn(page, user, '/team');
  await expect(page.getByRole('heading', {name: 'No Team Organization'})).toBeVisible();
  await expect(page.getByRole('button', {name: 'Add member'})).toHaveCount(0);
  await expectAccessible(page);
});

test('an owner invites an existing user and a newcomer, who signs up from the email and sees the team keys', async ({page}) => {
  const owner = await users.create({name: 'Olivia Owner', teamName: 'Invite Clinic'});
  const existing = await users.create({name: 'Eli Existing'});
  const newcomer = uniqueEmail('newcomer');
  const ownerToken = await users.token(owner);
  const {apiKey} = await apiCall<{apiKey: string}>('POST', '/api/keys/sandbox', undefined, ownerToken);

  await users.signIn(page, owner, '/team');
  await expect(page.getByRole('heading', {level: 1, name: 'Team'})).toBeVisible();
  await expect(page.getByText(SHARE_NOTE)).toBeVisible();
  for (const name of ['Member', 'Email', 'Role', 'Actions']) {
    await expect(page.getByRole('columnheader', {name, exact: true})).toBeVisible();
  }
  // The owner's own row: name, upper-case role, no remove button.
  const own = rowFor(page, owner.email);
  await expect(own).toContainText('Olivia Owner');
  await expect(own).toContainText('OWNER');
  await expect(own.getByRole('button')).toHaveCount(0);

  // Email is required: the button stays disabled while it is empty.
  const add = page.getByRole('button', {name: 'Add member'});
  await expect(add).toBeDisabled();
  await page.getByLabel(/^Name/).fill('Only a name');
  await expect(add).toBeDisabled();
  await page.getByLabel(/^Name/).fill('');
  await expectAccessible(page);

  // An existing account joins at once; the list reloads.
  await invite(page, existing.email);
  await expect(rowFor(page, existing.email)).toContainText('MEMBER');
  await expect(rowFor(page, existing.email)).toContainText('Eli Existing');
  await expect(page.getByLabel('Email', {exact: true})).toHaveValue('');

  // An address with no account is invited: listed as invited, with no name shown as '(No name)'.
  await invite(page, newcomer);
  await expect(rowFor(page, newcomer)).toContainText('INVITED');
  await expect(rowFor(page, newcomer)).toContainText('(No name)');

  // The invitation email's link pre-fills sign-up.
  const invitation = await mail.waitFor(newcomer, {subject: /invited/i});
  const link = mail.link(invitation, '/register?email=');
  await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
  await expect(page.getByLabel(/^email/i)).toHaveValue(newcomer);
  await page.getByLabel(/^password/i).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', {name: /create account|sign up/i}).click();
  await expect(page).toHaveURL(/\/verify-email-sent\?email=/);

  const verification = await mail.waitFor(newcomer, {subject: /verify/i});
  await page.goto(mail.link(verification, '/verify?token='));
  await expect(page.getByText('Email verified!')).toBeVisible();

  // Signed in, the newcomer sees the team's key and their own row without a remove button.
  await users.signIn(page, {email: newcomer, password: DEFAULT_PASSWORD, name: ''}, '/api-keys');
  await expect(page.getByTestId('api-key-row').filter({hasText: mask(apiKey)})).toHaveCount(1);
  await gotoHydrated(page, '/team');
  await expect(rowFor(page, newcomer)).toContainText('MEMBER');
  await expect(rowFor(page, newcomer).getByRole('button')).toHaveCount(0);
});

test('the owner removes a member after confirming; a member has no remove button on their own row', async ({page}) => {
  const owner = await users.create({teamName: 'Removal Clinic'});
  const stays = await users.create({name: 'Sam Stays'});
  const leaves = await users.create({name: 'Lee Leaves'});
  const ownerToken = await users.token(owner);
  await apiCall('POST', '/api/team/add', {email: stays.email}, ownerToken);
  await apiCall('POST', '/api/team/add', {email: leaves.email}, ownerToken);

  await users.signIn(page, owner, '/team');
  await expect(memberRows(page)).toHaveCount(3);

  // Cancelling keeps the member.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(CONFIRM_REMOVE);
    void dialog.dismiss();
  });
  await rowFor(page, leaves.email).getByRole('button', {name: /^Remove/}).click();
  await expect(memberRows(page)).toHaveCount(3);

  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(CONFIRM_REMOVE);
    void dialog.accept();
  });
  await rowFor(page, leaves.email).getByRole('button', {name: /^Remove/}).click();
  await expect(rowFor(page, leaves.email)).toHaveCount(0);
  await expect(memberRows(page)).toHaveCount(2);

  // The member who stayed: their own row has no remove button; the others' rows do.
  await users.signIn(page, stays, '/team');
  await expect(memberRows(page)).toHaveCount(2);
  await expect(rowFor(page, stays.email).getByRole('button')).toHaveCount(0);
  await expect(rowFor(page, owner.email).getByRole('button', {name: /^Remove/})).toBeVisible();
  await expectAccessible(page);
});

test("invite failures show an alert with the server's message", async ({page}) => {
  const owner = await users.create({teamName: 'Alert Clinic'});
  const other = await users.create({teamName: 'Other Clinic'});
  const ownerToken = await users.token(owner);
  await users.signIn(page, owner, '/team');

  for (const email of ['not-an-email', other.email, owner.email]) {
    const expected = await inviteRefusal(ownerToken, {email});
    const alert = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        expect(dialog.type()).toBe('alert');
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await invite(page, email);
    expect(await alert).toBe(expected);
    // The page stays usable: the typed address is kept for correction.
    await expect(page.getByLabel('Email', {exact: true})).toHaveValue(email);
  }
  await expect(memberRows(page)).toHaveCount(1);
});

test.describe('team at 375 px', () => {
  test.use({viewport: {width: 375, height: 760}});

  test('the page fits a phone', async ({page}) => {
    const owner = await users.create({teamName: 'Phone Clinic'});
    const member = await users.create();
    await apiCall('POST', '/api/team/add', {email: member.email}, await users.token(owner));
    await users.signIn(page, owner, '/team');
    await expect(memberRows(page)).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

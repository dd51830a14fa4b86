/**
 * The activity page: the owner reads the team's security events, filters them and exports the view as
 * CSV; a member reads only their own. axe, and a 375 px phone in dark mode.
 */
import {readFile} from 'node:fs/promises';
import type {Page} from '@playwright/test';
import {test, expect, apiCall, expectAccessible, mail, users, type TestUser} from './fixtures';

/** `user` joins the owner's team through the invitation email; gives their member id. */
async function join(ownerToken: string, user: TestUser): Promise<string> {
  await apiCall('POST', '/api/team/add', {email: user.email}, ownerToken);
  const invitation = await mail.waitFor(user.email, {subject: /invited you to join/});
  const token = new URL(mail.link(invitation, '/accept-invitation?token=')).searchParams.get('token');
  const userToken = await users.token(user);
  await apiCall('POST', '/api/invitations/accept', {token}, userToken);
  return (await apiCall<{user: {id: string}}>('GET', '/api/auth/me', undefined, userToken)).user.id;
}

async function teamWithEvents(): Promise<{owner: TestUser; member: TestUser; ownerToken: string}> {
  const owner = await users.create({name: 'Ava Auditor', teamName: 'Audit Clinic'});
  const member = await users.create({name: 'Max Member'});
  const ownerToken = await users.token(owner);
  await apiCall('POST', '/api/keys/sandbox', {name: 'Clinic web'}, ownerToken);
  await join(ownerToken, member);
  return {owner, member, ownerToken};
}

const rows = (page: Page) => page.getByRole('region', {name: 'Activity events'}).getByRole('row');

test('the owner reads, filters and exports the team’s events; a member sees their own', async ({page, secondPage}) => {
  const {owner, member, ownerToken} = await teamWithEvents();
  const removed = await users.create({name: 'Rex Removed'});
  await apiCall('DELETE', `/api/team/${await join(ownerToken, removed)}`, undefined, ownerToken);
  await users.signIn(page, owner, '/activity');
  await expect(page.getByRole('heading', {level: 1, name: 'Activity'})).toBeVisible();
  await expect(page.getByText("Your team's security events", {exact: false})).toBeVisible();
  const created = rows(page).filter({hasText: 'API key created'});
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(/Clinic web \(ending \w{8}\)/);
  await expect(created).toContainText(owner.email);
  await expect(rows(page).filter({hasText: 'Invitation accepted'}).last()).toContainText(member.email);
  // A removal names the address removed, not an id.
  await expect(rows(page).filter({hasText: 'Member removed'})).toContainText(removed.email);
  await expectAccessible(page);

  // One action only.
  await page.getByLabel('Action', {exact: true}).selectOption({label: 'Signed in'});
  await expect(rows(page).filter({hasText: 'API key created'})).toHaveCount(0);
  await expect(rows(page).filter({hasText: 'Signed in'}).first()).toBeVisible();
  // A start after the end is refused in words, and the list keeps its last good filter.
  await page.getByLabel('From', {exact: true}).fill('2030-01-02');
  await page.getByLabel('To', {exact: true}).fill('2030-01-01');
  await expect(page.getByRole('alert').filter({hasText: 'Pick a start date on or before the end date.'})).toBeVisible();
  await page.getByLabel('From', {exact: true}).fill('');
  await page.getByLabel('To', {exact: true}).fill('');

  // The export is the filtered view as CSV.
  const download = page.waitForEvent('download');
  await page.getByRole('button', {name: 'Export CSV'}).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('intakekit-activity.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  // The action as the page names it, and its stable code beside it.
  expect(lines[0]).toBe('"Time (UTC)","Person","Action","Action code","Target","IP address","User agent","Result"');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toMatch(/^"[^"]+","[^"]*","Signed in","sign-in",/);

  // A member reads their own events only.
  await users.signIn(secondPage, member, '/activity');
  await expect(secondPage.getByText('Your own security events', {exact: false})).toBeVisible();
  await expect(rows(secondPage).filter({hasText: 'API key created'})).toHaveCount(0);
  await expect(rows(secondPage).filter({hasText: 'Invitation accepted'})).toHaveCount(1);
  await expect(secondPage.getByLabel('Person', {exact: true})).toHaveCount(0);
});

test.describe('at 375 px in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('the activity page reads as cards, fits a phone and passes axe', async ({page}) => {
    const {owner} = await teamWithEvents();
    await users.signIn(page, owner, '/activity');
    await expect(rows(page).filter({hasText: 'API key created'})).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});

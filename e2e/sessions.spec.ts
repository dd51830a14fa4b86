/**
 * Settings' sessions list: two browsers signed in to one account, one signs the other out from the list,
 * and that browser lands on the sign-in page, which says why; or all the other sessions at once.
 */
import {test, expect, expectAccessible, gotoHydrated, users} from './fixtures';

const REVOKED = 'You were signed out from another session in Settings. Sign in again to continue.';

test('sign out another browser from the list; it lands on sign-in and is told why', async ({page, secondPage}) => {
  const user = await users.create({name: 'Sam Sessions'});
  await users.signInThroughForm(secondPage, user);
  await expect(secondPage).toHaveURL(/\/dashboard$/);
  await users.signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await gotoHydrated(page, '/settings');
  const section = page.getByRole('region', {name: 'Sessions'});
  const list = section.getByRole('list', {name: 'Signed-in sessions'});
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // This browser is marked, with no sign-out of its own (Log out does that); the other has one.
  const current = list.getByRole('listitem').filter({hasText: 'This device'});
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(/Chrome \d+ on \w+/);
  await expect(current.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  await list.getByRole('button', {name: /^Sign out Chrome \d+ on \w+/}).click();
  await expect(section.getByText(/^Signed out Chrome \d+ on \w+\.$/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('button', {name: 'Sign out all other sessions'})).toHaveCount(0);

  // The other browser's next request is refused with the reason, and the sign-in page says it.
  await gotoHydrated(secondPage, '/api-keys');
  await expect(secondPage).toHaveURL(/\/login$/);
  await expect(secondPage.getByRole('alert').filter({hasText: REVOKED})).toBeVisible();
  await expectAccessible(secondPage);
  // Signing in again clears it.
  await users.signInThroughForm(secondPage, user);
  await expect(secondPage).toHaveURL(/\/dashboard$/);
  await gotoHydrated(secondPage, '/login');
  await expect(secondPage.getByText(REVOKED)).toHaveCount(0);
});

test('sign out all other sessions at once', async ({page, secondPage}) => {
  const user = await users.create({name: 'Ola Others'});
  await users.signInThroughForm(secondPage, user);
  await expect(secondPage).toHaveURL(/\/dashboard$/);
  await users.signIn(page, user, '/settings');
  const section = page.getByRole('region', {name: 'Sessions'});
  await section.getByRole('button', {name: 'Sign out all other sessions'}).click();
  await expect(section.getByText('Signed out 1 other session.')).toBeVisible();
  await gotoHydrated(secondPage, '/team');
  await expect(secondPage.getByRole('alert').filter({hasText: REVOKED})).toBeVisible();
});

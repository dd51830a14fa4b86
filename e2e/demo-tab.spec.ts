/**
 * The demo in a tab of its own (/demo/#key=…) runs only a sandbox key of the signed-in reader's own team: a link
 * carrying someone else's key would otherwise send what the reader types into the demo to that key's team.
 */
import {test, expect, apiCall, users} from './fixtures';
import {sandboxKey} from './support/keys';

test.use({bypassCSP: false});

test("a demo link with another team's sandbox key does not run it, says so, and offers the reader's own", async ({
  page,
}) => {
  const other = await users.create({name: 'Otto Other', teamName: 'Other Clinic'});
  const otherKey = await sandboxKey(other);
  const reader = await users.create({name: 'Rita Reader', teamName: 'Reader Clinic'});
  const readerToken = await users.signIn(page, reader, '/dashboard');

  const presented: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/sdk/sessions')) presented.push(request.headers().authorization ?? '');
  });
  const link = `/demo/#${new URLSearchParams({key: otherKey, flow: 'telehealth-consent'}).toString()}`;
  const firstQuestion = page
    .locator('#intake')
    .getByRole('heading', {name: 'Do you agree to receive care by secure video visit?'});

  // A reader with no sandbox key of their own is told to create one.
  await page.goto(link);
  await expect(
    page.getByText('This demo link carries a sandbox key that is not one of yours, so the demo did not run it.'),
  ).toBeVisible();
  await expect(page.getByRole('link', {name: 'Create a sandbox key'})).toHaveAttribute('href', '/api-keys');
  expect(page.url()).not.toContain(otherKey);

  // With a key of their own, the page offers it, and runs the demo with it.
  const {apiKey: ownKey} = await apiCall<{apiKey: string}>('POST', '/api/keys/sandbox', undefined, readerToken);
  await page.reload();
  await expect(
    page.getByText('This demo link carries a sandbox key that is not one of yours, so the demo did not run it.'),
  ).toBeVisible();
  await expect(firstQuestion).toHaveCount(0);
  await page.getByRole('button', {name: 'Run the demo with your own sandbox key'}).click();
  await expect(firstQuestion).toBeVisible({timeout: 15_000});
  expect(presented).toEqual([`Bearer ${ownKey}`]);
});

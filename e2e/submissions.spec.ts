/**
 * The Submissions page with sandbox submissions sent through the widget's own calls: the empty state, a member
 * reading a sandbox submission's answers, the owner deleting it, and the retention an owner sets. axe, and a 375 px
 * phone in dark mode. Production submissions (which need the operator's grant, an API restart) are in
 * production-access.spec.ts (in the project that may restart it).
 */
import type {Page} from '@playwright/test';
import {test, expect, expectAccessible, users} from './fixtures';
import {API_URL} from './support/ports';
import {sandboxKey} from './support/keys';
import {CLINIC_ORIGIN, submitAnswers} from './support/submissions';

const NOTE = 'Sandbox test: knee pain after running';
const ANSWERS = {visitReason: 'symptoms', dateOfBirth: '1990-04-30', allergies: false, notes: NOTE};

const rows = (page: Page) => page.getByRole('region', {name: 'Submissions', exact: true}).getByRole('row');
const dialog = (page: Page) => page.getByRole('dialog', {name: 'Submission', exact: true});

test('an empty list, then a member reads a sandbox submission and the owner deletes it', async ({page, secondPage}) => {
  const owner = await users.create({name: 'Sam Sandbox', teamName: 'Sandbox Clinic'});
  const member = await users.member(owner, {name: 'Mia Member'});
  await users.signIn(page, owner, '/submissions');
  await expect(page.getByRole('heading', {level: 1, name: 'Submissions'})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'No submissions yet'})).toBeVisible();
  await expectAccessible(page);

  await submitAnswers(await sandboxKey(owner), ANSWERS);
  await users.signIn(secondPage, member, '/submissions');
  const row = rows(secondPage).filter({hasText: 'New patient'});
  await expect(row).toContainText('Sandbox');
  await expect(row).toContainText(CLINIC_ORIGIN);
  await row.getByRole('button', {name: /^View the submission of/}).click();
  await expect(dialog(secondPage).getByText('Anything else your care team should know?', {exact: true})).toBeVisible();
  await expect(dialog(secondPage).getByText(NOTE, {exact: true})).toBeVisible();
  await expect(dialog(secondPage).getByText('New symptoms', {exact: true})).toBeVisible();
  await expect(dialog(secondPage).getByRole('region', {name: 'QuestionnaireResponse JSON'})).toContainText(
    '"resourceType": "QuestionnaireResponse"',
  );
  // Deleting is for owners and admins.
  await expect(dialog(secondPage).getByRole('button', {name: 'Delete'})).toHaveCount(0);
  await expectAccessible(secondPage);

  await page.reload();
  await rows(page).filter({hasText: 'New patient'}).getByRole('button', {name: /^View/}).click();
  await dialog(page).getByRole('button', {name: 'Delete', exact: true}).click();
  const confirm = page.getByRole('dialog', {name: 'Delete this submission?'});
  await confirm.getByRole('button', {name: 'Delete submission'}).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', {name: 'No submissions yet'})).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', {name: 'No submissions yet'})).toBeVisible();
});

test('owners set how long submissions are kept; members read it', async ({page, secondPage}) => {
  const owner = await users.create({name: 'Rita Retention', teamName: 'Retention Clinic'});
  const member = await users.member(owner, {name: 'Ned Member'});
  await users.signIn(page, owner, '/submissions');
  const retention = page.getByRole('region', {name: 'Retention'});
  await expect(retention).toContainText('Production30 days');
  await retention.getByLabel('Environment').selectOption({label: 'Production'});
  await retention.getByLabel('Days').fill('91');
  await retention.getByRole('button', {name: 'Save'}).click();
  await expect(retention.getByText('Keep submissions for 1 to 90 days.')).toBeVisible();
  await retention.getByLabel('Days').fill('14');
  await retention.getByRole('button', {name: 'Save'}).click();
  await expect(retention.getByText('Production submissions are now kept for 14 days.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', {name: 'Retention'})).toContainText('Production14 days');

  await users.signIn(secondPage, member, '/submissions');
  const readOnly = secondPage.getByRole('region', {name: 'Retention'});
  await expect(readOnly).toContainText('Production14 days');
  await expect(readOnly.getByText('Only owners and admins can change how long submissions are kept.')).toBeVisible();
  await expect(readOnly.getByRole('button', {name: 'Save'})).toHaveCount(0);
});

test('the list and the retention say so when they cannot be loaded, and Try again loads them', async ({page}) => {
  const owner = await users.create({name: 'Fay Failure', teamName: 'Flaky Clinic'});
  const failed = {status: 500, json: {error: {code: 'SERVER_ERROR', message: 'Something went wrong.'}}};
  for (const path of ['/api/submissions', '/api/submissions/retention']) {
    await page.route(`${API_URL}${path}`, (route) => route.fulfill(failed));
  }
  await users.signIn(page, owner, '/submissions');
  await expect(page.getByText('The submissions could not be loaded.')).toBeVisible();
  await expect(page.getByText('The retention could not be loaded.')).toBeVisible();
  await page.unrouteAll();
  // Each Try again reloads its own part; SWR may retry one on its own meanwhile.
  const retry = page.getByRole('button', {name: 'Try again'});
  await expect(async () => {
    if ((await retry.count()) > 0) await retry.first().click();
    await expect(retry).toHaveCount(0, {timeout: 1000});
  }).toPass();
  await expect(page.getByRole('heading', {name: 'No submissions yet'})).toBeVisible();
  await expect(page.getByRole('region', {name: 'Retention'})).toContainText('Production30 days');
});

test.describe('at 375 px in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('the list reads as cards, the detail fits a phone, and both pass axe', async ({page}) => {
    const owner = await users.create({name: 'Pia Phone', teamName: 'Phone Clinic'});
    await submitAnswers(await sandboxKey(owner), ANSWERS);
    await users.signIn(page, owner, '/submissions');
    await expect(rows(page).filter({hasText: 'New patient'})).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await rows(page).filter({hasText: 'New patient'}).getByRole('button', {name: /^View/}).click();
    await expect(dialog(page).getByText(NOTE, {exact: true})).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});

/**
 * A production submission on the Submissions page: the owner reads its answers and the activity log shows the
 * view; a member sees the metadata and, in words, why the answers are hidden. The team is made production-ready by
 * the operator's command, which needs the API stopped (embedded database): this file restarts the API.
 */
import type {Page} from '@playwright/test';
import {test, expect, apiCall, expectAccessible, stack, users} from './fixtures';
import {CLINIC_ORIGIN, submitAnswers} from './support/submissions';

const NOTE = 'Production: chest pain since Monday';
const ANSWERS = {visitReason: 'symptoms', dateOfBirth: '1971-02-03', allergies: true, notes: NOTE};

const rows = (page: Page) => page.getByRole('region', {name: 'Submissions', exact: true}).getByRole('row');
const dialog = (page: Page) => page.getByRole('dialog', {name: 'Submission', exact: true});

test('an owner reads a production submission (logged); a member sees why the answers are hidden', async ({
  page,
  secondPage,
}) => {
  const owner = await users.create({name: 'Olga Owner', teamName: 'Live Clinic'});
  const member = await users.member(owner, {name: 'Milo Member'});
  const token = await users.token(owner);
  const me = await apiCall<{user: {team: {id: string}}}>('GET', '/api/auth/me', undefined, token);
  await stack.stopApi();
  try {
    expect((await stack.admin('production-ready', me.user.team.id)).code).toBe(0);
  } finally {
    await stack.startApi();
  }
  const {apiKey} = await apiCall<{apiKey: string}>(
    'POST',
    '/api/keys/production',
    {allowedOrigins: [CLINIC_ORIGIN]},
    await users.token(owner),
  );
  await submitAnswers(apiKey, ANSWERS, {env: 'pro'});

  await users.signIn(page, owner, '/submissions');
  const row = rows(page).filter({hasText: 'Production'});
  await row.getByRole('button', {name: /^View the submission of/}).click();
  await expect(dialog(page).getByText(NOTE, {exact: true})).toBeVisible();
  await expect(dialog(page).getByText('1971-02-03', {exact: true})).toBeVisible();
  await dialog(page).getByRole('button', {name: 'Close'}).click();

  await page.goto('/activity');
  const viewed = page
    .getByRole('region', {name: 'Activity events'})
    .getByRole('row')
    .filter({hasText: 'Production answers viewed'});
  await expect(viewed).toHaveCount(1);
  await expect(viewed).toContainText(owner.email);
  await expect(viewed).toContainText(/new-patient of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

  await users.signIn(secondPage, member, '/submissions');
  await rows(secondPage).filter({hasText: 'Production'}).getByRole('button', {name: /^View/}).click();
  await expect(
    dialog(secondPage).getByText('Only owners and admins can see the answers of production submissions', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(dialog(secondPage).getByText(NOTE, {exact: true})).toHaveCount(0);
  await expectAccessible(secondPage);
});

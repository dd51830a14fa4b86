/**
 * The way to production keys, as the team's owner, a member and the operator live it: the spec's 'Production Key
 * Not Available' dialog now leads the owner to 'Request production access'; the request reaches the operator's
 * inbox; the operator runs `npm run admin -- production-ready` (refused while the API holds the embedded database,
 * so the API is stopped for it, as the README says); the owner's email follows and 'Create Production Key' creates
 * one. Then a production submission on the Submissions page: the owner reads it (logged), a member is told why the
 * answers are hidden. Runs in the 'api-restarts' project because it stops the API.
 */
import type {Page} from '@playwright/test';
import {test, expect, apiCall, expectAccessible, mail, stack, users} from './fixtures';
import {OPERATOR_EMAIL} from './support/stack';
import {CLINIC_ORIGIN, submitAnswers} from './support/submissions';

const PRODUCTION_TEXT =
  'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.';
const PLANS = 'Pre-visit intake for our four physiotherapy clinics, live on harbor-physio.example in March.';

test('the owner asks for production access, the operator grants it, and the team creates production keys', async ({
  page,
  secondPage,
}) => {
  const {owner, member} = await users.team('Harbor Physio', {owner: 'Olu Owner', member: 'Mo Member'});
  await users.signIn(page, owner, '/api-keys');
  const access = page.getByRole('region', {name: 'Production access'});
  await expect(access).toContainText(
    'Production keys need production access for Harbor Physio: tell us what the clinic plans, and we email you when it is ready.',
  );

  // The spec's dialog keeps its words and gains the way on.
  await page.getByRole('button', {name: 'Create Production Key'}).click();
  const notAvailable = page.getByRole('dialog', {name: 'Production Key Not Available'});
  await expect(notAvailable).toContainText(PRODUCTION_TEXT);
  await notAvailable.getByRole('button', {name: 'Request production access'}).click();
  const request = page.getByRole('dialog', {name: 'Request production access'});
  await expect(request.getByLabel('What does the clinic plan?')).toBeFocused();
  await expectAccessible(page);

  // Each rule says what is missing, in the API's words, and nothing is sent until both hold.
  const send = request.getByRole('button', {name: 'Send request'});
  await request.getByLabel('What does the clinic plan?').fill('Intake forms');
  await send.click();
  await expect(
    request.getByText('Tell us a little more about what the clinic plans (at least 20 characters).'),
  ).toBeVisible();
  await request.getByLabel('What does the clinic plan?').fill(PLANS);
  await send.click();
  await expect(request.getByText('Pick the number of intakes you expect each month.')).toBeVisible();
  await request.getByLabel('Expected volume').selectOption({label: '1,000 to 10,000 intakes a month'});
  await send.click();
  await expect(request).toBeHidden();
  await expect(page.getByText('Request sent. We will email you when production access is ready.')).toBeVisible();
  await expect(access).toContainText('Production access requested on');
  await expect(access).toContainText('by Olu Owner. We will email the owner when it is ready.');
  await expect(access.getByRole('button', {name: 'Request production access'})).toHaveCount(0);

  // A member sees where it stands, and cannot ask.
  await users.signIn(secondPage, member, '/api-keys');
  await expect(secondPage.getByRole('region', {name: 'Production access'})).toContainText('by Olu Owner');

  const toOperator = await mail.waitFor(OPERATOR_EMAIL, {subject: /^Production access requested on IntakeKit$/});
  expect(toOperator.text).toContain('Expected volume: 1,000 to 10,000 intakes a month.');
  expect(toOperator.text).toContain(PLANS);
  const teamId = /npm run admin -- production-ready ([0-9a-f-]{36})/.exec(toOperator.text)?.[1];
  expect(teamId).toBeTruthy();

  if (!process.env.E2E_DATABASE_URL) {
    // The embedded database is the API's alone while it runs.
    const refused = await stack.admin('production-ready', teamId!);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is open in another process');
    expect(refused.output).toContain('Stop that process first');
  }
  await stack.stopApi();
  try {
    const granted = await stack.admin('production-ready', teamId!);
    expect(granted.output).toContain(
      `“Harbor Physio” (${teamId}, owner ${owner.email}) can now create production keys. The owner is emailed.`,
    );
    expect(granted.code).toBe(0);
    // The command sends the owner's email itself: it arrives while the API is still stopped.
    const toOwner = await mail.waitFor(owner.email, {subject: /can now create production keys/});
    expect(mail.link(toOwner, '/api-keys')).toMatch(/\/api-keys$/);
  } finally {
    await stack.startApi();
  }

  await page.reload();
  await expect(access).toContainText(
    'Harbor Physio has production access: everyone in the team can create production keys.',
  );
  await page.getByRole('button', {name: 'Create Production Key'}).click();
  const banner = page.getByTestId('new-key-banner');
  await expect(banner).toContainText('Production key created');
  await expect(banner.getByTestId('new-key-value')).toHaveText(/^ik_production_/);
  await expect(page.getByRole('dialog', {name: 'Production Key Not Available'})).toHaveCount(0);
  await expect(page.getByRole('row').filter({hasText: 'Production'})).toHaveCount(1);
});

// A production submission on the Submissions page: its answers are for owners and admins, and each read is logged.
const PRODUCTION_NOTE = 'Production: chest pain since Monday';
const PRODUCTION_ANSWERS = {
  visitReason: 'symptoms',
  dateOfBirth: '1971-02-03',
  allergies: true,
  notes: PRODUCTION_NOTE,
};

const submissionRows = (page: Page) => page.getByRole('region', {name: 'Submissions', exact: true}).getByRole('row');
const submissionDialog = (page: Page) => page.getByRole('dialog', {name: 'Submission', exact: true});

test('an owner reads a production submission (logged); a member sees why the answers are hidden', async ({
  page,
  secondPage,
}) => {
  const {owner, member} = await users.team('Live Clinic', {owner: 'Olga Owner', member: 'Milo Member'});
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
  await submitAnswers(apiKey, PRODUCTION_ANSWERS, {env: 'pro'});

  await users.signIn(page, owner, '/submissions');
  const row = submissionRows(page).filter({hasText: 'Production'});
  await row.getByRole('button', {name: /^View the submission of/}).click();
  await expect(submissionDialog(page).getByText(PRODUCTION_NOTE, {exact: true})).toBeVisible();
  await expect(submissionDialog(page).getByText('1971-02-03', {exact: true})).toBeVisible();
  await submissionDialog(page).getByRole('button', {name: 'Close'}).click();

  await page.goto('/activity');
  const viewed = page
    .getByRole('region', {name: 'Activity events'})
    .getByRole('row')
    .filter({hasText: 'Production answers viewed'});
  await expect(viewed).toHaveCount(1);
  await expect(viewed).toContainText(owner.email);
  await expect(viewed).toContainText(/new-patient of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);

  await users.signIn(secondPage, member, '/submissions');
  await submissionRows(secondPage).filter({hasText: 'Production'}).getByRole('button', {name: /^View/}).click();
  await expect(
    submissionDialog(secondPage).getByText('Only owners and admins can see the answers of production submissions', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(submissionDialog(secondPage).getByText(PRODUCTION_NOTE, {exact: true})).toHaveCount(0);
  await expectAccessible(secondPage);
});

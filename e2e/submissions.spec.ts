/**
 * The Submissions page with sandbox submissions sent through the widget's own calls: the empty state, a member
 * reading a sandbox submission's answers, the owner deleting it, and the retention an owner sets. axe, and a 375 px
 * phone in dark mode. One journey whole: a patient on a clinic's page (another origin) completes the widget, and
 * the clinic reads the answers on this page and through the submissions API with a server key. Production
 * submissions (which need the operator's grant, an API restart) are in production-access.spec.ts (in the project
 * that may restart it).
 */
import type {Page} from '@playwright/test';
import {apiCall, test, expect, expectAccessible, users} from './fixtures';
import {API_URL} from './support/ports';
import {sandboxKey} from './support/keys';
import {clinicPage, onClinicSite} from './support/clinic-site';
import {recordAuthorization} from './support/secrets';
import {CLINIC_ORIGIN, submitAnswers} from './support/submissions';

const NOTE = 'Sandbox test: knee pain after running';
const ANSWERS = {visitReason: 'symptoms', dateOfBirth: '1990-04-30', allergies: false, notes: NOTE};

const rows = (page: Page) => page.getByRole('region', {name: 'Submissions', exact: true}).getByRole('row');
const dialog = (page: Page) => page.getByRole('dialog', {name: 'Submission', exact: true});

test('an empty list, then a member reads a sandbox submission and the owner deletes it', async ({page, secondPage}) => {
  const {owner, member} = await users.team('Sandbox Clinic', {owner: 'Sam Sandbox', member: 'Mia Member'});
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

test("a patient completes the widget on a clinic's own origin; the clinic reads it here and with a server key", async ({
  page,
}) => {
  const owner = await users.create({name: 'Olga Origin', teamName: 'Origin Clinic'});
  // Any free port: the clinic's origin is not the portal's, and no other file's fixed port is taken.
  await onClinicSite(
    0,
    async (origin) => {
      const {apiKey} = await apiCall<{apiKey: string}>(
        'POST',
        '/api/keys/sandbox',
        {allowedOrigins: [origin]},
        await users.token(owner),
      );
      return {
        'index.html': clinicPage(
          `IntakeKit.init({container: '#intake', apiKey: ${JSON.stringify(apiKey)}, flowId: 'new-patient', env: 'sandbox'});`,
        ),
      };
    },
    async (origin) => {
      // The patient, on the clinic's page.
      await page.goto(`${origin}/`);
      const intake = page.locator('#intake');
      const next = intake.getByRole('button', {name: 'Next'});
      // A refused origin shows the SDK's alert instead: fail then, not at the test's timeout.
      await expect(intake.getByRole('heading', {name: 'What brings you in today?'})).toBeVisible();
      await intake.getByRole('radio', {name: 'New symptoms'}).check();
      await next.click();
      await intake.getByRole('checkbox', {name: 'Fever'}).check();
      await intake.getByRole('checkbox', {name: 'Headache'}).check();
      await next.click();
      await intake.getByRole('textbox', {name: 'What is your date of birth?'}).fill('1990-05-17');
      await next.click();
      await intake.getByRole('radio', {name: 'Yes'}).check();
      await next.click();
      await intake.getByRole('textbox', {name: 'Anything else your care team should know?'}).fill(NOTE);
      await intake.getByRole('button', {name: 'Finish'}).click();
      await expect(intake.getByRole('heading', {name: 'Thank you'})).toBeVisible();
      const received = intake.getByText(/^Sandbox mode: your answers were received as submission [0-9a-f-]{36}\.$/);
      const id = /([0-9a-f-]{36})/.exec((await received.textContent()) ?? '')![1]!;

      // The clinic's reader, on the Submissions page: from the clinic's origin, the answers as typed.
      await users.signIn(page, owner, '/submissions');
      const row = rows(page).filter({hasText: 'New patient'});
      await expect(row).toContainText(origin);
      await row.getByRole('button', {name: /^View the submission of/}).click();
      await expect(dialog(page).getByText(id).first()).toBeVisible();
      await expect(dialog(page).getByText(NOTE, {exact: true})).toBeVisible();
      await expect(dialog(page).getByText('Fever, Headache', {exact: true})).toBeVisible();
      await dialog(page).getByRole('button', {name: 'Close'}).first().click();

      // A server key from the API Keys page, then the clinic's backend reads the submission with it.
      await page.goto('/api-keys');
      const section = page.getByRole('region', {name: 'Server keys'});
      await section.getByRole('button', {name: 'Create server key'}).click();
      const create = page.getByRole('dialog', {name: 'Create server key'});
      await create.getByLabel('Name').fill('EHR bridge');
      await create.getByRole('button', {name: 'Create server key'}).click();
      const banner = section.getByRole('status').filter({hasText: 'Server key created'});
      const serverKey = (await banner.locator('code').textContent())?.trim() ?? '';
      expect(serverKey).toMatch(/^ik_server_sandbox_/);
      const authorization = `Bearer ${serverKey}`;
      recordAuthorization(authorization, 'e2e GET /api/v1/submissions/{id}');
      const res = await fetch(`${API_URL}/api/v1/submissions/${id}`, {headers: {authorization}});
      expect(res.status).toBe(200);
      const {submission} = (await res.json()) as {
        submission: {
          origin: string;
          questionnaireResponse: {id: string; item: Array<{linkId: string; answer?: unknown}>};
        };
      };
      expect(submission.origin).toBe(origin);
      expect(submission.questionnaireResponse.id).toBe(id);
      expect(submission.questionnaireResponse.item.map(({linkId, answer}) => ({linkId, answer}))).toEqual([
        {linkId: 'visitReason', answer: [{valueCoding: {code: 'symptoms', display: 'New symptoms'}}]},
        {
          linkId: 'symptoms',
          answer: [
            {valueCoding: {code: 'fever', display: 'Fever'}},
            {valueCoding: {code: 'headache', display: 'Headache'}},
          ],
        },
        {linkId: 'dateOfBirth', answer: [{valueDate: '1990-05-17'}]},
        {linkId: 'allergies', answer: [{valueBoolean: true}]},
        {linkId: 'notes', answer: [{valueString: NOTE}]},
      ]);
    },
  );
});

test('owners set how long submissions are kept; members read it', async ({page, secondPage}) => {
  const {owner, member} = await users.team('Retention Clinic', {owner: 'Rita Retention', member: 'Ned Member'});
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

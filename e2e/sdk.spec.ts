/**
 * The intake SDK end to end: a signed-in user with a sandbox key runs the live demo, which starts after
 * the 1 s delay, answers every question with the keyboard only and sees the completion; the key's Last Used is then
 * set on /api-keys; after the key is rotated, a page initialised with the old key shows the SDK's clear error.
 */
import type {Page} from '@playwright/test';
import {apiCall, test, expect, users, type TestUser} from './fixtures';
import {sandboxKey} from './support/keys';
import {clinicPage, onClinicSite} from './support/clinic-site';
import {SITE_URL} from './support/ports';

/** sdk/src/api.ts: what the SDK says (error event and container) for a revoked, rotated or unknown key. */
const INVALID_KEY_MESSAGE =
  'IntakeKit: this API key is invalid, revoked or rotated. Use an active sandbox key from the API Keys page.';
const CONFIRM_ROTATE = 'Rotate this key? The old key will stop working.';
/** A customer page on its own origin (not the portal's), like a user's site. */
const CUSTOMER_PORT = 13901;
/** The demo starts the SDK this long after it has loaded. */
const DEMO_INIT_DELAY_MS = 1000;

/** Presses Tab until the focused element matches `selector` (keyboard only; fails after `max` presses). */
async function tabTo(page: Page, selector: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

test.describe('the intake SDK', () => {
  test.use({locale: 'en-US'});

  let user: TestUser;
  let apiKey: string;
  test.beforeAll(async () => {
    user = await users.create({name: 'Kai Keyboard'});
    apiKey = await sandboxKey(user);
  });

  test('the demo starts after 1 s and runs the whole flow by keyboard; the key is then used; a rotated key is refused', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // When the preview says 'Starting...' (the SDK has loaded) and when the first question appears.
    await page.addInitScript(() => {
      const times: {starting?: number; question?: number} = {};
      (window as unknown as {demoTimes: typeof times}).demoTimes = times;
      new MutationObserver(() => {
        const now = performance.now();
        if (times.starting === undefined && document.body?.textContent?.includes('Starting...')) times.starting = now;
        if (times.question === undefined && document.querySelector('.ik-step')) times.question = now;
      }).observe(document, {subtree: true, childList: true, characterData: true});
    });
    // The page's clock (performance.now included), so the demo's 1 s delay passes at once instead of in real time.
    await page.clock.install();
    await users.signIn(page, user, '/dashboard/demo');
    const widget = page.getByTestId('demo-container');
    const settings = page.getByRole('complementary', {name: 'Demo settings'});

    await expect
      .poll(() => page.evaluate(() => (window as unknown as {demoTimes: {starting?: number}}).demoTimes.starting))
      .toBeDefined();
    await page.clock.fastForward(DEMO_INIT_DELAY_MS);
    await expect(widget.getByRole('heading', {name: 'What brings you in today?'})).toBeVisible({timeout: 15_000});
    await expect(settings.getByText('Running')).toBeVisible();
    const times = await page.evaluate(
      () => (window as unknown as {demoTimes: {starting?: number; question?: number}}).demoTimes,
    );
    expect(times.starting, "the preview said 'Starting...'").toBeDefined();
    expect(
      times.question! - times.starting!,
      'ms between the SDK loading and the first question',
    ).toBeGreaterThanOrEqual(950);

    // 1. singleChoice: Tab into the radio group, an arrow picks the next option, Tab to Next, Enter.
    await tabTo(page, '[data-testid="demo-container"] input[type="radio"]', 60);
    await page.keyboard.press('ArrowDown');
    await expect(widget.getByRole('radio', {name: 'New symptoms'})).toBeChecked();
    await tabTo(page, '[data-testid="demo-container"] button[type="submit"]');
    expect(await focusedText(page)).toBe('Next');
    await page.keyboard.press('Enter');

    /** The widget has moved the focus to the question's heading; Tab goes on to its first answer. */
    const toAnswerOf = async (question: string) => {
      await expect(widget.getByRole('heading', {name: question})).toBeFocused();
      await page.keyboard.press('Tab');
    };

    // 2. multiChoice (optional): Space on Fever, Tab twice, Space on Headache.
    await toAnswerOf('Which of these have you had in the last two weeks?');
    for (const key of ['Space', 'Tab', 'Tab', 'Space']) await page.keyboard.press(key);
    await expect(widget.getByRole('checkbox', {name: 'Fever'})).toBeChecked();
    await expect(widget.getByRole('checkbox', {name: 'Cough'})).not.toBeChecked();
    await expect(widget.getByRole('checkbox', {name: 'Headache'})).toBeChecked();
    await tabTo(page, '[data-testid="demo-container"] button[type="submit"]');
    await page.keyboard.press('Enter');

    // 3. date: type the digits into the native date field (mm/dd/yyyy in en-US), Enter submits.
    await toAnswerOf('What is your date of birth?');
    await page.keyboard.type('05171990');
    await expect(widget.locator('input[type="date"]')).toHaveValue('1990-05-17');
    await page.keyboard.press('Enter');

    // 4. yesNo: Tab to Yes, Space, Tab to Next, Enter.
    await toAnswerOf('Do you have any known allergies?');
    await page.keyboard.press('Space');
    await expect(widget.getByRole('radio', {name: 'Yes'})).toBeChecked();
    await tabTo(page, '[data-testid="demo-container"] button[type="submit"]');
    await page.keyboard.press('Enter');

    // 5. text (optional, the last one): type, Enter finishes.
    await toAnswerOf('Anything else your care team should know?');
    await page.keyboard.type('Allergic to penicillin');
    await page.keyboard.press('Enter');

    const done = widget.getByRole('heading', {name: 'Thank you'});
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    const summary = widget.locator('.ik-summary');
    for (const [question, answer] of [
      ['What brings you in today?', 'New symptoms'],
      ['Which of these have you had in the last two weeks?', 'Fever, Headache'],
      ['What is your date of birth?', '1990-05-17'],
      ['Do you have any known allergies?', 'Yes'],
      ['Anything else your care team should know?', 'Allergic to penicillin'],
    ]) {
      await expect(summary.locator('div').filter({hasText: question}).locator('dd')).toHaveText(answer!);
    }
    // Thank you shows once the API has stored the answers; in sandbox it names the submission.
    await expect(
      widget.getByText(/^Sandbox mode: your answers were received as submission [0-9a-f-]{36}\.$/),
    ).toBeVisible();
    await expect(settings.getByText('Completed')).toBeVisible();
    // The demo names the stored submission and opens it on the Submissions page, answers and all.
    const stored = await widget.getByText(/received as submission/).textContent();
    const submissionId = /([0-9a-f-]{36})/.exec(stored ?? '')![1]!;
    await expect(settings.getByText(submissionId)).toBeVisible();
    await settings.getByRole('link', {name: 'Open it on the Submissions page'}).click();
    await expect(page).toHaveURL(/\/submissions(\?|$)/);
    const opened = page.getByRole('dialog');
    await expect(opened.getByText('Allergic to penicillin', {exact: true})).toBeVisible();
    await expect(opened.getByText(submissionId).first()).toBeVisible();
    await opened.getByRole('button', {name: 'Close'}).first().click();

    // The demo's session call used the key: Last Used is set (usage is written about once a second: reload until then).
    await page.goto('/api-keys');
    const row = page.getByTestId('api-key-row').first();
    await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^${apiKey.slice(0, 8)}\\**${apiKey.slice(-8)}$`));
    await expect(async () => {
      await page.reload();
      await expect(row.getByRole('cell').nth(4)).not.toHaveText('Never', {timeout: 1000});
    }).toPass({timeout: 15_000});
    await expect(row.getByRole('cell').nth(4)).not.toBeEmpty();

    // Rotate it through the page, the old key stopping now.
    await row.getByRole('button', {name: /^Rotate/}).click();
    await page.getByRole('dialog', {name: CONFIRM_ROTATE}).getByRole('radio', {name: 'Now'}).check();
    await page.getByRole('dialog', {name: CONFIRM_ROTATE}).getByRole('button', {name: 'Rotate key'}).click();
    await expect(page.getByTestId('new-key-value')).toHaveText(/^ik_sandbox_/);

    // A customer page still initialised with the old key shows the SDK's clear error.
    const oldKeyPage = clinicPage(
      `
      window.intakeErrors = [];
      IntakeKit.init({container: '#intake', apiKey: ${JSON.stringify(apiKey)}, flowId: 'new-patient', env: 'sandbox'})
        .on('error', (error) => window.intakeErrors.push({code: error.code, message: error.message}))
        .on('ready', () => window.intakeErrors.push({code: 'UNEXPECTED_READY'}));
`,
      {title: 'Old key'},
    );
    await onClinicSite(CUSTOMER_PORT, {'index.html': oldKeyPage}, async (origin) => {
      await page.goto(`${origin}/`);
      await expect(page.locator('#intake').getByRole('alert')).toHaveText(INVALID_KEY_MESSAGE);
      // No Try again for a refused key: retrying cannot help.
      await expect(page.locator('#intake').getByRole('button')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as {intakeErrors: unknown[]}).intakeErrors)).toEqual([
        {code: 'INVALID_API_KEY', message: INVALID_KEY_MESSAGE},
      ]);
    });
  });

  test('a flow id copied from the Flows page runs on a customer page; an unknown id is refused by name', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: SITE_URL});
    // A key of its own: another test of this file rotates the shared one.
    const key = await sandboxKey(user);
    await users.signIn(page, user, '/dashboard/quick-start');
    // The Quick Start's configuration table says where flow ids come from.
    await page
      .getByRole('row', {name: /flowId/})
      .getByRole('link', {name: 'Flows'})
      .click();
    await expect(page).toHaveURL(/\/dashboard\/flows$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Flows'})).toBeVisible();
    const flow = page.getByRole('region', {name: 'Symptom check'});
    await expect(flow.getByRole('list', {name: 'Questions of Symptom check'}).getByRole('listitem')).toHaveCount(5);
    await flow.getByRole('button', {name: 'Copy the id of Symptom check'}).click();
    await expect(flow.getByRole('button', {name: 'Copied!'})).toBeVisible();
    const flowId = await page.evaluate(() => navigator.clipboard.readText());
    expect(flowId).toBe('symptom-check');

    const customerPage = (id: string) =>
      clinicPage(`
      window.intakeErrors = [];
      IntakeKit.init({container: '#intake', apiKey: ${JSON.stringify(key)}, flowId: ${JSON.stringify(id)}, env: 'sandbox'})
        .on('error', (error) => window.intakeErrors.push({code: error.code, message: error.message}));
`);
    const pages = {'symptoms.html': customerPage(flowId), 'unknown.html': customerPage('YOUR_FLOW_ID')};
    await onClinicSite(CUSTOMER_PORT, pages, async (origin) => {
      await page.goto(`${origin}/symptoms.html`);
      const intake = page.locator('#intake');
      await expect(intake.getByRole('heading', {name: 'What is your main symptom?'})).toBeVisible();
      await expect(intake.getByText('Question 1 of 5')).toBeVisible();

      await page.goto(`${origin}/unknown.html`);
      const message =
        'IntakeKit: There is no flow "YOUR_FLOW_ID". Use one of new-patient, annual-checkup, telehealth-consent, ' +
        `symptom-check, medication-review; the Flows page lists them: ${SITE_URL}/dashboard/flows`;
      await expect(intake.getByRole('alert')).toHaveText(message);
      // Retrying the same id cannot help: no Try again.
      await expect(intake.getByRole('button')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as {intakeErrors: unknown[]}).intakeErrors)).toEqual([
        {code: 'INVALID_FLOW', message},
      ]);
    });
  });

  test('the network cut while the answers are sent: the widget retries, then offers Try again; the submission arrives once', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const owner = await users.create({name: 'Rita Retry'});
    const key = await sandboxKey(owner);
    const retryPage = clinicPage(`
      window.intakeEvents = [];
      IntakeKit.init({
        container: '#intake',
        apiKey: ${JSON.stringify(key)},
        flowId: 'symptom-check',
        env: 'sandbox',
        questions: [
          {id: 'reason', question: 'What brings you in today?', type: 'text'},
          {id: 'fever', question: 'Do you have a fever?', type: 'yesNo'},
        ],
      })
        .on('complete', (event) => window.intakeEvents.push({complete: event.submissionId}))
        .on('error', (error) => window.intakeEvents.push({error: error.code}));
`);
    // The first attempt reaches the API (which stores the answers) but its answer is lost; the next three are cut.
    const attempts: Array<{status?: number; submissionId?: string}> = [];
    await page.route('**/api/sdk/submissions', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (attempts.length === 0) {
        const stored = await route.fetch();
        attempts.push({status: stored.status(), ...((await stored.json()) as {submissionId: string})});
        return route.abort('connectionreset');
      }
      if (attempts.length < 4) {
        attempts.push({});
        return route.abort('internetdisconnected');
      }
      const repeat = await route.fetch();
      attempts.push({status: repeat.status(), ...((await repeat.json()) as {submissionId: string})});
      return route.fulfill({response: repeat});
    });
    await onClinicSite(CUSTOMER_PORT, {'index.html': retryPage}, async (origin) => {
      await page.goto(`${origin}/`);
      const intake = page.locator('#intake');
      await intake.getByRole('textbox', {name: 'What brings you in today?'}).fill('A sore throat');
      await intake.getByRole('button', {name: 'Next'}).click();
      await intake.getByRole('radio', {name: 'No'}).check();
      const finish = intake.getByRole('button', {name: 'Finish'});
      await finish.focus();
      await page.keyboard.press('Enter');

      // While it waits to try again: the last step stays, its button busy, and says so.
      const step = intake.getByRole('form', {name: 'Do you have a fever?'});
      await expect(step.getByText(/^Could not send your answers\. Trying again in \d s…$/)).toBeVisible();
      const sending = intake.getByRole('button', {name: 'Sending…'});
      await expect(sending).toBeFocused();
      await expect(sending).toHaveAttribute('aria-disabled', 'true');
      await expect(step).toHaveAttribute('aria-busy', 'true');

      // After 1, 2 and 4 s the widget gives up: an alert with Try again, the answers still on the page.
      const tryAgain = intake.getByRole('alert').getByRole('button', {name: 'Try again'});
      await expect(tryAgain).toBeFocused({timeout: 15_000});
      await expect(intake.getByRole('alert')).toContainText(
        'Your answers could not be sent yet. They are kept on this page',
      );
      expect(attempts).toHaveLength(4);
      expect(await page.evaluate(() => (window as unknown as {intakeEvents: unknown[]}).intakeEvents)).toEqual([
        {error: 'NETWORK_ERROR'},
      ]);
      await expect(intake.getByRole('radio', {name: 'No'})).toBeChecked();

      await page.keyboard.press('Enter');
      await expect(intake.getByRole('heading', {name: 'Thank you'})).toBeFocused();
      const [first] = attempts;
      expect(first?.status).toBe(201);
      // The repeat is the API's answer for a session it has stored already: the same id, nothing new stored.
      expect(attempts[4]).toMatchObject({status: 200, submissionId: first?.submissionId});
      await expect(
        intake.getByText(`Sandbox mode: your answers were received as submission ${first?.submissionId}.`),
      ).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as {intakeEvents: unknown[]}).intakeEvents)).toEqual([
        {error: 'NETWORK_ERROR'},
        {complete: first?.submissionId},
      ]);
      const {submissions} = await apiCall<{submissions: Array<{id: string}>}>(
        'GET',
        '/api/submissions',
        undefined,
        await users.token(owner),
      );
      expect(submissions.map((s) => s.id)).toEqual([first?.submissionId]);
    });
  });
});

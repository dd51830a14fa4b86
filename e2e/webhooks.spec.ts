/**
 * The Webhooks page. An owner adds the test inbox in one click, sends a test event, reads its signed delivery in the
 * log and in the inbox, rolls the secret (the next delivery carries both signatures), adds, disables and deletes
 * an endpoint of their own after the form's and the API's refusals, then finishes the live demo and watches its
 * submission delivered to the inbox, the signature checked step by step. A member, on a 375 px phone in dark mode, sees
 * the same endpoints, log and inbox with no control to change them and no production body; axe on both.
 */
import type {Page} from '@playwright/test';
import {apiCall, expect, expectAccessible, gotoHydrated, test, users} from './fixtures';
import {expectEscapeCloses} from './support/dialogs';
import {sandboxKey} from './support/keys';
import {API_URL} from './support/ports';

const inbox = (page: Page) => page.getByRole('region', {name: 'Test inbox', exact: true});
const endpointShown = (page: Page) => page.getByRole('group', {name: 'The endpoint shown'});
const logRows = (page: Page) => page.getByRole('region', {name: 'Deliveries'}).getByRole('row');
const deliveryDialog = (page: Page) => page.getByRole('dialog', {name: 'Delivery'});
const SIGNATURE = /^v1,[A-Za-z0-9+/]+=*$/;

/** A patient answers the demo's flow (the required questions only) and finishes; the stored submission's id. */
async function finishDemo(page: Page): Promise<string> {
  const widget = page.getByTestId('demo-container');
  const next = async (question: string, answer?: () => Promise<void>) => {
    await expect(widget.getByRole('heading', {name: question})).toBeVisible({timeout: 15_000});
    await answer?.();
    await widget.getByRole('button', {name: /^(Next|Finish)$/}).click();
  };
  await next('What brings you in today?', () => widget.getByRole('radio', {name: 'New symptoms'}).check());
  await next('Which of these have you had in the last two weeks?');
  await next('What is your date of birth?', () =>
    widget.getByRole('textbox', {name: 'What is your date of birth?'}).fill('1990-05-17'),
  );
  await next('Do you have any known allergies?', () => widget.getByRole('radio', {name: 'No'}).check());
  await next('Anything else your care team should know?');
  const stored = widget.getByText(/received as submission [0-9a-f-]{36}\.$/);
  return /[0-9a-f-]{36}/.exec((await stored.textContent()) ?? '')![0];
}

test('an owner adds the test inbox, sends a test event, reads it signed in the log and the inbox, rolls the secret, and sees the demo delivered and verified', async ({
  page,
}) => {
  const owner = await users.create({name: 'Wes Webhooks', teamName: 'Webhook Clinic'});
  await users.signIn(page, owner, '/webhooks');
  await expect(page.getByRole('heading', {level: 1, name: 'Webhooks'})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'No endpoints yet'})).toBeVisible();

  await inbox(page).getByRole('button', {name: 'Add the test inbox'}).click();
  await expect(inbox(page).getByText(new RegExp(`^${API_URL}/api/webhook-inbox/[A-Za-z0-9_-]{32}$`))).toBeVisible();
  const endpoints = page.getByRole('region', {name: 'Webhook endpoints'});
  await expect(endpoints.getByRole('row').filter({hasText: 'IntakeKit test inbox'})).toContainText('Enabled');
  await expect(inbox(page).getByRole('button', {name: 'Add the test inbox'})).toHaveCount(0);

  const shown = endpointShown(page);
  await shown.getByRole('button', {name: 'Send test event'}).click();
  const sent = shown.getByText(/^Test event sent as msg_[0-9a-f]{32}\./);
  const eventId = /msg_[0-9a-f]{32}/.exec((await sent.textContent()) ?? '')![0];
  const row = logRows(page).filter({hasText: eventId});
  await expect(row).toContainText('Delivered');
  const view = row.getByRole('button', {name: /^View the webhook\.test delivery/});
  await view.click();
  const dialog = deliveryDialog(page);
  await expect(dialog.getByText('HTTP 200', {exact: true})).toBeVisible();
  const headers = dialog.getByRole('definition');
  await expect(headers.filter({hasText: eventId}).first()).toBeVisible();
  await expect(dialog.getByText(SIGNATURE)).toHaveCount(1);
  await expect(dialog.getByRole('region', {name: 'Request body'})).toContainText('"type": "webhook.test"');
  // Resend: the same event again, with the same webhook-id, as a second attempt of the same delivery.
  await dialog.getByRole('button', {name: 'Resend'}).click();
  await expect(dialog.getByText(/^Sent again with the same webhook-id/)).toBeVisible();
  await expect(dialog.getByRole('heading', {name: '2 attempts'})).toBeVisible();
  await expect(dialog.getByText('HTTP 200', {exact: true})).toHaveCount(2);
  await expectEscapeCloses(page, dialog, view);
  const recover = page.getByRole('form', {name: 'Recover failed deliveries'});
  await recover.getByRole('button', {name: 'Recover failed'}).click();
  await expect(recover.getByText('No failed event since then.')).toBeVisible();

  // The inbox received it twice, the same webhook-id each time, signed, with the body as sent.
  const received = inbox(page).getByRole('listitem').filter({hasText: eventId});
  await expect(received).toHaveCount(2);
  await expect(received.first().getByText(SIGNATURE)).toHaveCount(1);
  await expect(received.first().getByRole('region', {name: /^Body received/})).toContainText('"type": "webhook.test"');
  await expectAccessible(page);

  // Reveal, then roll: the old secret keeps signing for a day, so the next delivery carries two signatures.
  await shown.getByRole('button', {name: 'Reveal'}).click();
  const secret = shown.getByText(/^whsec_[A-Za-z0-9+/]+=*$/);
  await expect(secret).toBeVisible();
  const before = await secret.textContent();
  const roll = shown.getByRole('button', {name: 'Roll secret'});
  await roll.click();
  const confirm = page.getByRole('dialog', {name: 'Roll this signing secret?'});
  await expect(confirm).toContainText('keeps signing beside it for 24 hours');
  await confirm.getByRole('button', {name: 'Roll secret'}).click();
  await expect(confirm).toBeHidden();
  await expect(roll).toBeFocused();
  await expect(shown.getByText(/^Secret rolled\. The previous secret also signs until/)).toBeVisible();
  await expect(secret).not.toHaveText(before ?? '');
  await shown.getByRole('button', {name: 'Send test event'}).click();
  const sentAgain = shown.getByText(/^Test event sent as/);
  await expect(sentAgain).not.toContainText(eventId);
  const second = /msg_[0-9a-f]{32}/.exec((await sentAgain.textContent()) ?? '')![0];
  await expect(inbox(page).getByRole('listitem').filter({hasText: second}).getByText(SIGNATURE)).toHaveCount(2);

  // An endpoint of one's own: the form's refusal, then the API's, then added, disabled and deleted.
  const add = page.getByRole('button', {name: 'Add endpoint'});
  await add.click();
  const form = page.getByRole('dialog', {name: 'Add endpoint'});
  await form.getByLabel('Environment').selectOption({label: 'Production'});
  await form.getByLabel('URL').fill('http://ehr.example-clinic.com/hooks');
  await form.getByRole('button', {name: 'Add endpoint'}).click();
  await expect(form.getByText('A production endpoint must use an https:// URL.')).toBeVisible();
  await form.getByLabel('URL').fill('https://10.0.0.1/hooks');
  await form.getByRole('button', {name: 'Add endpoint'}).click();
  await expect(form.getByText(/points to a local or private network address/)).toBeVisible();
  await form.getByLabel('URL').fill('https://ehr.example-clinic.com/hooks');
  await form.getByLabel(/^Description/).fill('EHR bridge');
  await form.getByRole('checkbox', {name: /A submission was deleted/}).check();
  await form.getByRole('button', {name: 'Add endpoint'}).click();
  await expect(form).toBeHidden();
  const ehr = endpoints.getByRole('row').filter({hasText: 'EHR bridge'});
  await expect(ehr).toContainText('Production');
  await expect(ehr).toContainText('submission.deleted');
  await expect(shown.getByRole('heading', {name: 'EHR bridge'})).toBeVisible();
  await shown.getByRole('button', {name: 'Edit'}).click();
  const edit = page.getByRole('dialog', {name: 'Edit endpoint'});
  await expect(edit.getByLabel('URL')).toHaveValue('https://ehr.example-clinic.com/hooks');
  await expect(edit.getByRole('checkbox', {name: /A submission was deleted/})).toBeChecked();
  await edit.getByLabel(/^Description/).fill('EHR bridge (thin)');
  // Once on a loaded CI machine the details kept the old description after Save: these two say next time whether
  // the field lost the text before Save or the change was sent and the list not reloaded.
  await expect(edit.getByLabel(/^Description/)).toHaveValue('EHR bridge (thin)');
  const saved = page.waitForRequest(
    (request) => request.method() === 'PATCH' && request.url().includes('/api/webhooks/'),
  );
  await edit.getByRole('button', {name: 'Save endpoint'}).click();
  expect((await saved).postDataJSON()).toMatchObject({description: 'EHR bridge (thin)'});
  await expect(edit).toBeHidden();
  await expect(shown.getByRole('heading', {name: 'EHR bridge (thin)'})).toBeVisible();
  await shown.getByRole('button', {name: 'Disable'}).click();
  await expect(ehr).toContainText('Disabled');
  await expect(shown.getByText('Disabled: events are not sent to it.')).toBeVisible();
  await shown.getByRole('button', {name: 'Delete'}).click();
  const deletion = page.getByRole('dialog', {name: 'Delete this endpoint?'});
  await deletion.getByRole('button', {name: 'Delete endpoint'}).click();
  await expect(deletion).toBeHidden();
  await expect(ehr).toHaveCount(0);
  await expect(add).toBeFocused();

  // The live demo: the patient finishes, and the submission's delivery to the inbox shows within seconds, its
  // signature checked in the browser with the secret (two signatures since the roll: the new secret's matches).
  await sandboxKey(owner);
  await gotoHydrated(page, '/dashboard/demo');
  const submissionId = await finishDemo(page);
  const panel = page.getByRole('region', {name: 'Delivery to your endpoints'});
  // Exact: once delivered, the signed content shown in the check holds the id too.
  await expect(panel.getByText(submissionId, {exact: true})).toBeVisible();
  const toInbox = panel.getByRole('article', {name: 'IntakeKit test inbox'});
  await expect(toInbox.getByRole('status')).toHaveText('Delivered');
  await expect(toInbox.getByText('HTTP 200', {exact: true})).toBeVisible();
  const check = toInbox.getByRole('list', {name: 'Signature check'});
  await expect(check.getByText(/^[1-5]\. /)).toHaveCount(5);
  await expect(check).toContainText(/msg_[0-9a-f]{32}\.\d+\.\{"type":"submission\.created"/);
  await toInbox.getByRole('button', {name: 'Reveal'}).click();
  await expect(toInbox.getByRole('status')).toHaveText('Signature verified');
  await expect(check.getByText('Matches', {exact: true})).toHaveCount(1);
  await expect(check.getByText('No match', {exact: true})).toHaveCount(1);
  await expect(check).toContainText('within 5 minutes');
  // On a 375 px phone in dark mode the panel fits, and passes axe.
  await page.setViewportSize({width: 375, height: 760});
  await page.emulateMedia({colorScheme: 'dark'});
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test.describe('a member on a 375 px phone in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('sees the endpoints, the log and the inbox, no control to change them, and no production body', async ({
    page,
  }) => {
    const {owner, member} = await users.team('Read Only Clinic', {owner: 'Olive Owner', member: 'Max Member'});
    const token = await users.token(owner);
    const {inbox: created} = await apiCall<{inbox: {path: string}}>('POST', '/api/webhook-inbox', undefined, token);
    type Created = {endpoint: {id: string}};
    const add = (environment: string, url: string, description: string) =>
      apiCall<Created>(
        'POST',
        '/api/webhooks',
        {environment, url, description, eventTypes: ['submission.created']},
        token,
      );
    const sandbox = await add('sandbox', `${API_URL}${created.path}`, 'Sandbox inbox');
    // Nothing answers there: the delivery is what a member may not read, whatever becomes of it.
    const production = await add('production', 'https://ehr.read-only-clinic.invalid/hooks', 'Production EHR');
    for (const {endpoint} of [sandbox, production]) {
      await apiCall('POST', `/api/webhooks/${endpoint.id}/test`, undefined, token);
    }

    await users.signIn(page, member, '/webhooks');
    await expect(page.getByText(/^Only owners and admins can add, change or delete endpoints/)).toBeVisible();
    await expect(page.getByRole('region', {name: 'Webhook endpoints'}).getByRole('row')).toHaveCount(3);
    const row = logRows(page).filter({hasText: 'Test event'});
    await expect(row).toContainText('Delivered');
    await expect(inbox(page).getByText('Only owners and admins can read what the inbox received.')).toBeVisible();
    await expect(inbox(page).getByText(SIGNATURE)).toHaveCount(1);
    const controls =
      /^(Add endpoint|Add the test inbox|Send test event|Edit|Disable|Enable|Delete|Reveal|Roll secret|Recover failed|Resend)$/;
    await expect(page.getByRole('button', {name: controls})).toHaveCount(0);
    await expect(page.getByText('Only owners and admins can see the signing secret.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    // A sandbox delivery's body is test data every member reads; a production one's only owners and admins.
    await row.getByRole('button', {name: /^View/}).click();
    await expect(deliveryDialog(page).getByRole('region', {name: 'Request body'})).toContainText('webhook.test');
    await expect(deliveryDialog(page).getByRole('button', {name: 'Resend'})).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await deliveryDialog(page).getByRole('button', {name: 'Close'}).click();

    await page.getByRole('button', {name: 'View Production EHR'}).click();
    await expect(endpointShown(page)).toBeFocused();
    await logRows(page).filter({hasText: 'Test event'}).getByRole('button', {name: /^View/}).click();
    await expect(
      deliveryDialog(page).getByText(/^Only owners and admins can see the body of a production event/),
    ).toBeVisible();
  });
});

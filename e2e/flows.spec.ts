/**
 * The Flows page. An owner creates a flow from a built-in one, makes a question conditional, translates a text into
 * Spanish, saves, previews the draft in Spanish with the real widget, and publishes version 1 with a note. A member,
 * on a 375 px phone in dark mode, sees the list and the flow with no control to change them; axe on both.
 */
import {apiCall, expect, expectAccessible, gotoHydrated, test, users} from './fixtures';
import {sandboxKey} from './support/keys';

const SCRIPT = '<script>window.__flowScriptRan = true</script>';

test('an owner creates a flow from a built-in one, adds a condition and a Spanish translation, previews it and publishes it with a note', async ({
  page,
}) => {
  const owner = await users.create({name: 'Flo Owner', teamName: 'Flow Clinic'});
  await sandboxKey(owner);
  await users.signIn(page, owner, '/flows');
  await expect(page.getByRole('heading', {level: 1, name: 'Intake flows'})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'No flows of your own yet'})).toBeVisible();

  await page.getByRole('button', {name: 'New flow'}).click();
  const dialog = page.getByRole('dialog', {name: 'New flow'});
  await dialog.getByLabel('Flow id').fill('new-patient');
  await dialog.getByRole('button', {name: 'Create flow'}).click();
  await expect(dialog.getByText(/belongs to a built-in flow/)).toBeVisible();
  // An import is checked as it is pasted, each problem with its path and linkId.
  await dialog.getByLabel('A FHIR Questionnaire (JSON)').check();
  await dialog
    .getByLabel('Or paste the Questionnaire')
    .fill('{"resourceType": "Questionnaire", "item": [{"linkId": "a", "type": "group"}]}');
  await expect(dialog.getByRole('group', {name: 'Problems'})).toContainText('item[0] (a): This group holds no items');
  await expectAccessible(page, {within: ['dialog[open]']});
  await dialog.getByLabel('A built-in flow').check();
  await dialog.getByLabel('Flow id').fill('clinic-intake');
  await dialog.getByRole('button', {name: 'Create flow'}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'New patient'})).toBeVisible();

  // "Anything else?" only after a yes to allergies; its text holds markup, shown as text wherever it appears.
  await page.getByLabel('Text of notes').fill(`Which allergies? ${SCRIPT}`);
  await page.getByRole('button', {name: 'Details of notes'}).click();
  const details = page.getByRole('group', {name: 'Details of notes'});
  await details.getByRole('button', {name: 'Add a condition'}).click();
  await expect(details.getByLabel('Question of condition 1')).toHaveValue('allergies');
  await expect(details.getByLabel('Operator of condition 1')).toHaveValue('=');
  await expect(details.getByLabel('Value of condition 1')).toHaveValue('true');
  await expect(page.getByRole('listitem', {name: /^Long text: Which allergies\?/})).toContainText('Conditional');

  await page.getByRole('button', {name: 'Translations'}).click();
  await page.getByLabel('Add a language').fill('es');
  await page.getByRole('button', {name: 'Add language'}).click();
  await page.getByLabel('es text of visitReason').fill('¿Qué le trae hoy?');
  await page.getByRole('button', {name: 'Save draft'}).click();
  await expect(page.getByText('Saved.', {exact: true})).toBeVisible();

  // The saved draft, in Spanish, in the real widget with the owner's sandbox key.
  const preview = page.getByRole('region', {name: 'Live preview'});
  await preview.getByLabel('Language').selectOption('es');
  await preview.getByRole('button', {name: 'Run the preview'}).click();
  await expect(preview.getByRole('heading', {name: '¿Qué le trae hoy?'})).toBeVisible({timeout: 15_000});

  await page.getByRole('button', {name: 'Publish…'}).click();
  const publish = page.getByRole('dialog', {name: 'Publish version 1'});
  await publish.getByLabel('Note (optional)').fill('Asks which allergies after a yes.');
  await publish.getByRole('button', {name: 'Publish'}).click();
  const versions = page.getByRole('list', {name: 'Published versions'});
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions).toContainText(/Version 1.*by Flo Owner.*Asks which allergies after a yes\./);
  await expect(page.getByText('Nothing changed between these two.')).toBeVisible();
  expect(await page.evaluate(() => (window as {__flowScriptRan?: boolean}).__flowScriptRan)).toBeUndefined();

  // The editor with a question's details open, the preview and the versions fit a 375 px phone in dark mode.
  // The next draft compared with version 1, item by item.
  await page.getByRole('button', {name: 'Questions'}).click();
  await page.getByLabel('Text of visitReason').fill('What brings you in?');
  await page.getByRole('button', {name: 'Save draft'}).click();
  await expect(page.getByRole('list', {name: 'Differences'})).toContainText(
    'Changed visitReason What brings you in?Text: "What brings you in today?" → "What brings you in?"',
  );
  await page.getByRole('button', {name: 'Details of visitReason'}).click();
  await page.setViewportSize({width: 375, height: 760});
  await page.emulateMedia({colorScheme: 'dark'});
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test('an owner deletes a flow never published, and archives a published one, then restores it', async ({page}) => {
  const owner = await users.create({name: 'Ari Archive', teamName: 'Archive Clinic'});
  const token = await users.token(owner);
  await apiCall('POST', '/api/flows', {flowId: 'draft-only', template: 'annual-checkup'}, token);
  await apiCall('POST', '/api/flows', {flowId: 'annual', template: 'annual-checkup'}, token);
  await apiCall('POST', '/api/flows/annual/publish', {note: 'First.'}, token);

  // Never published: Delete, and nothing to archive.
  await users.signIn(page, owner, '/flows?flow=draft-only');
  await expect(page.getByRole('button', {name: 'Archive…'})).toHaveCount(0);
  await page.getByRole('button', {name: 'Delete…'}).click();
  const deletion = page.getByRole('dialog', {name: 'Delete this flow?'});
  await expect(deletion).toContainText('draft-only. It was never published, so no page runs it.');
  await deletion.getByRole('button', {name: 'Delete flow'}).click();
  await expect(page).toHaveURL(/\/flows$/);
  await expect(page.getByRole('row', {name: /draft-only/})).toHaveCount(0);

  // Published: Archive, and no Delete; archived, only Restore.
  await gotoHydrated(page, '/flows?flow=annual');
  await expect(page.getByRole('button', {name: 'Delete…'})).toHaveCount(0);
  await page.getByRole('button', {name: 'Archive…'}).click();
  await page.getByRole('dialog', {name: 'Archive this flow?'}).getByRole('button', {name: 'Archive flow'}).click();
  await expect(page.getByText(/^Archived: pages that name this flow get no new session\./)).toBeVisible();
  await expect(page.getByRole('button', {name: /^(Archive|Delete)…$/})).toHaveCount(0);
  await page.getByRole('button', {name: 'Restore'}).click();
  await expect(page.getByText(/^Archived:/)).toHaveCount(0);
  await expect(page.getByRole('button', {name: 'Archive…'})).toBeVisible();
});

test.describe('a member on a 375 px phone in dark mode', () => {
  test.use({viewport: {width: 375, height: 760}, colorScheme: 'dark'});

  test('sees the flows and a flow with no control to change them', async ({page}) => {
    const {owner, member} = await users.team('Read Only Flows', {owner: 'Olive Owner', member: 'Max Member'});
    const token = await users.token(owner);
    await apiCall('POST', '/api/flows', {flowId: 'annual', template: 'annual-checkup'}, token);
    await apiCall('POST', '/api/flows/annual/publish', {note: 'First.'}, token);

    await users.signIn(page, member, '/flows');
    await expect(page.getByText(/^Only owners and admins can create, edit, publish/)).toBeVisible();
    const row = page.getByRole('region', {name: 'Your intake flows'}).getByRole('row', {name: /annual/});
    await expect(row).toContainText('Published');
    await expect(page.getByRole('button', {name: 'New flow'})).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    // The guide's Flows page lists the team's flows above the built-in ones.
    await gotoHydrated(page, '/dashboard/flows');
    await page.getByRole('region', {name: "Your team's flows"}).getByRole('link', {name: 'Annual check-up'}).click();
    await expect(page).toHaveURL(/\/flows\?flow=annual$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Annual check-up'})).toBeVisible();
    await expect(page.getByRole('list', {name: 'Published versions'})).toContainText('First.');
    const controls = /^(Publish…|Save draft|Archive…|Delete…|Restore|Add a question|Add a step|Details of .*)$/;
    await expect(page.getByRole('button', {name: controls})).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});

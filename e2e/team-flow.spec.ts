/**
 * A team's own flow on a clinic's page of another origin: published with a condition and a Spanish translation,
 * run with `locale: 'es'`; the conditional question appears when its answer calls for it and goes when the answer
 * changes, and the stored submission names the version and holds only what the patient was shown.
 */
import {apiCall, expect, test, users} from './fixtures';
import {sandboxKey} from './support/keys';
import {clinicPage, onClinicSite} from './support/clinic-site';

const CUSTOMER_PORT = 13903;
const TRANSLATION = 'http://hl7.org/fhir/StructureDefinition/translation';
const es = (text: string) => ({
  extension: [
    {
      url: TRANSLATION,
      extension: [
        {url: 'lang', valueCode: 'es'},
        {url: 'content', valueString: text},
      ],
    },
  ],
});
/** What the patient writes while the follow-up is shown, then takes back: it must never be stored. */
const WITHDRAWN = 'Penicilina y polen';

const ALLERGY_CHECK = {
  resourceType: 'Questionnaire',
  status: 'draft',
  title: 'Allergy check',
  item: [
    {
      linkId: 'allergies',
      type: 'group',
      text: 'Allergies',
      _text: es('Alergias'),
      item: [
        {
          linkId: 'has-allergy',
          type: 'boolean',
          text: 'Do you have any allergies?',
          _text: es('¿Tiene alguna alergia?'),
          required: true,
        },
        {
          linkId: 'which',
          type: 'string',
          text: 'Which ones?',
          _text: es('¿Cuáles?'),
          required: true,
          enableWhen: [{question: 'has-allergy', operator: '=', answerBoolean: true}],
        },
        // No Spanish text: the widget falls back to the flow's own words.
        {linkId: 'since', type: 'date', text: 'Since when have you had them?'},
      ],
    },
  ],
};

test.use({locale: 'es-ES'});

test("a clinic's page of another origin runs the team's published flow in Spanish; a question shown then hidden leaves no answer", async ({
  page,
}) => {
  const owner = await users.create({name: 'Olga Owner', teamName: 'Allergy Clinic'});
  const token = await users.token(owner);
  await apiCall('POST', '/api/flows', {flowId: 'allergy-check', questionnaire: ALLERGY_CHECK}, token);
  await apiCall('POST', '/api/flows/allergy-check/publish', {note: 'First version'}, token);
  const apiKey = await sandboxKey(owner);

  const spanishPage = clinicPage(
    `
      IntakeKit.init({container: '#intake', apiKey: ${JSON.stringify(apiKey)}, flowId: 'allergy-check', locale: 'es'})
        .on('complete', (event) => { window.completed = event; });
`,
    {lang: 'es', title: 'Clínica'},
  );
  await onClinicSite(CUSTOMER_PORT, {'index.html': spanishPage}, async (origin) => {
    await page.goto(`${origin}/`);
    const intake = page.locator('#intake');
    await expect(intake.getByRole('heading', {name: 'Alergias'})).toBeVisible();
    const allergy = intake.getByRole('group', {name: /¿Tiene alguna alergia\?/});
    const which = intake.getByRole('textbox', {name: /¿Cuáles\?/});
    await expect(which).toHaveCount(0);
    await expect(intake.getByText('Since when have you had them?')).toBeVisible();

    await allergy.getByRole('radio', {name: 'Yes'}).check();
    await expect(which).toBeVisible();
    await which.fill(WITHDRAWN);
    await allergy.getByRole('radio', {name: 'No'}).check();
    await expect(which).toHaveCount(0);
    await intake.getByRole('button', {name: 'Finish'}).click();
    await expect(intake.getByRole('heading', {name: 'Thank you'})).toBeVisible();
    const completed = await page.evaluate(
      () => (window as unknown as {completed: {submissionId: string; answers: unknown}}).completed,
    );
    expect(completed.answers).toEqual({'has-allergy': [{valueBoolean: false}], since: []});

    // The owner reads it on the Submissions page: version 1 of the team's flow, and no trace of the withdrawn text.
    await users.signIn(page, owner, '/submissions');
    await page
      .getByRole('region', {name: 'Submissions', exact: true})
      .getByRole('row')
      .filter({hasText: 'allergy-check'})
      .getByRole('button', {name: /^View the submission of/})
      .click();
    const dialog = page.getByRole('dialog', {name: 'Submission', exact: true});
    await expect(dialog.getByText('Do you have any allergies?', {exact: true})).toBeVisible();
    const json = dialog.getByRole('region', {name: 'QuestionnaireResponse JSON'});
    await expect(json).toContainText(`/fhir/Questionnaire/allergy-check|1`);
    await expect(json).toContainText('"valueBoolean": false');
    await expect(json).not.toContainText(WITHDRAWN);
    await expect(json).not.toContainText('"which"');
  });
});

// The built-in flows as Questionnaires (the templates a team's flow starts from), and a document's way out of the
// API: the export keeps every element the widget shows, whatever order the database gave its keys.
import {beforeAll, describe, expect, it} from 'vitest';
import {FLOWS, type Flow} from '../src/flow-catalogue.js';
import {
  builtInQuestionnaire,
  exportedQuestionnaire,
  questionnaireInFhirOrder,
  validateQuestionnaire,
  widgetQuestionnaire,
  type Questionnaire,
} from '../src/questionnaire/index.js';

const URL = 'https://portal.example.com/fhir/Questionnaire/phq-9';

/** The keys of every object in reverse order, as jsonb may hand them back (it sorts them by length). */
function scrambled(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrambled);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, entry]) => [key, scrambled(entry)]),
  );
}

describe('builtInQuestionnaire', () => {
  it.each(FLOWS.map((flow) => [flow.id, flow] as const))('%s validates with no problem at all', (_id, flow) => {
    expect(validateQuestionnaire(builtInQuestionnaire(flow)).problems).toEqual([]);
  });

  it('maps each question type, option value and required', () => {
    const doc = builtInQuestionnaire(FLOWS.find((flow) => flow.id === 'new-patient')!);
    expect(doc).toMatchObject({resourceType: 'Questionnaire', status: 'draft', title: 'New patient'});
    expect(doc.item).toEqual([
      expect.objectContaining({
        linkId: 'visitReason',
        type: 'choice',
        required: true,
        answerOption: expect.arrayContaining([{valueCoding: {code: 'checkup', display: 'Annual check-up'}}]),
      }),
      expect.objectContaining({linkId: 'symptoms', type: 'choice', repeats: true, required: false}),
      {linkId: 'dateOfBirth', type: 'date', text: 'What is your date of birth?', required: true},
      {linkId: 'allergies', type: 'boolean', text: 'Do you have any known allergies?', required: true},
      {linkId: 'notes', type: 'text', text: 'Anything else your care team should know?', required: false},
    ]);
    const other: Flow = {...FLOWS[0]!, questions: [
      {id: 'n', question: 'N', type: 'singleChoice', required: true, options: [{label: '3', value: 3}, {label: 'Three or more', value: 4}]},
      {id: 's', question: 'S', type: 'yesNo', required: false, options: [{label: 'Yes', value: ' a'}, {label: 'No', value: 'no'}]},
    ]}; // prettier-ignore
    expect(builtInQuestionnaire(other).item).toEqual([
      expect.objectContaining({answerOption: [{valueInteger: 3}, {valueCoding: {code: '4', display: 'Three or more'}}]}),
      expect.objectContaining({type: 'choice', answerOption: [{valueString: ' a'}, {valueCoding: {code: 'no', display: 'No'}}]}),
    ]); // prettier-ignore
  });
});

describe('a flow round-trips import → export unchanged in what the widget supports', () => {
  let phq9: Questionnaire;
  let phq9ValueSet: Questionnaire;
  beforeAll(async () => {
    phq9 = ((await import('./fixtures/questionnaires/asbi-phq9.json')) as {default: Questionnaire}).default;
    const argonaut = await import('./fixtures/questionnaires/lforms-argonaut-phq9-ish.json');
    phq9ValueSet = (argonaut as unknown as {default: Questionnaire}).default;
  });

  it('real documents (two PHQ-9s, one with a contained ValueSet) and each built-in flow, stored and exported', () => {
    for (const original of [phq9, phq9ValueSet, ...FLOWS.map(builtInQuestionnaire)]) {
      expect(validateQuestionnaire(original).valid).toBe(true);
      // Saved: JSON text into jsonb and back, keys in another order.
      const stored = scrambled(JSON.parse(JSON.stringify(original))) as Questionnaire;
      const exported = exportedQuestionnaire(stored, {url: URL, version: 3});
      expect(exported).toMatchObject({url: URL, version: '3', status: 'active'});
      const {url: _u, version: _v, status: _s, ...rest} = exported;
      const {url: _ou, version: _ov, status: _os, ...before} = original;
      // Every element, not only what the widget shows, is as it was; and the widget's view is the same.
      expect(rest).toEqual(before);
      expect(widgetQuestionnaire(exported)).toEqual({...widgetQuestionnaire(original), url: URL, version: '3'});
      expect(validateQuestionnaire(exported).problems).toEqual(validateQuestionnaire(original).problems);
      // In FHIR's order again: resourceType first, an item's linkId before its type.
      expect(Object.keys(exported)[0]).toBe('resourceType');
      expect(Object.keys(exported.item![0]!).slice(0, 1)).toEqual(
        Object.keys(exported.item![0]!).includes('extension') ? ['extension'] : ['linkId'],
      );
    }
  });

  it('a draft exports with no version and status draft; ordering adds and removes nothing', () => {
    const exported = exportedQuestionnaire({...phq9, version: '7'}, {url: URL, version: 'draft'});
    expect(exported.version).toBeUndefined();
    expect(exported.status).toBe('draft');
    expect(questionnaireInFhirOrder(scrambled(phq9) as Questionnaire)).toEqual(phq9);
    // Whatever order the database gives the keys, the export's text is the same.
    expect(JSON.stringify(questionnaireInFhirOrder(scrambled(phq9) as Questionnaire))).toBe(
      JSON.stringify(questionnaireInFhirOrder(phq9)),
    );
  });
});

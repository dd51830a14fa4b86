// Real Questionnaires written by others (fixtures/questionnaires/README.md says where each comes from).
import {beforeAll, describe, expect, it} from 'vitest';
import {
  choiceOptions,
  validateQuestionnaire,
  type Questionnaire,
  type QuestionnaireItem,
  type QuestionnaireRule,
} from '../src/questionnaire/index.js';

// Through Vite's JSON import, not node:fs: the contract's sources are typed without Node, so its tests are too.
const documents = new Map<string, Questionnaire>();
async function loadAll(names: readonly string[]): Promise<void> {
  for (const name of names) {
    const path = `./fixtures/questionnaires/${name}`;
    const module: unknown = await import(/* @vite-ignore */ path);
    documents.set(name, (module as {default: Questionnaire}).default);
  }
}
const load = (name: string): Questionnaire => {
  const document = documents.get(name);
  if (!document) throw new Error(`${name} is not loaded`);
  return document;
};

const NOT_SHOWN: readonly QuestionnaireRule[] = [
  'notShownType',
  'notShownValueSet',
  'notShownNoOptions',
  'notShownElements',
  'notShownRepeats',
];

/** Each document that imports, with how many "not shown" notes it gets. */
const IMPORTED: Readonly<Record<string, number>> = {
  'fhir-r4-questionnaire-example-3141.json': 16,
  'fhir-r4-questionnaire-example-f201-lifelines.json': 0,
  'fhir-r4-questionnaire-zika-virus-exposure-assessment.json': 6,
  'lforms-phq9.json': 11,
  'lforms-argonaut-phq9-ish.json': 12,
  'lforms-bit-of-everything.json': 15,
  'lforms-answerOption-valueCoding.open-choice.R4.json': 12,
  'lforms-answerOption-valueInteger.R4.json': 18,
  'lforms-answerOption-valueString.R4.json': 18,
  'lforms-question-under-question.R4.json': 0,
  'lforms-questionnaire-initialx.json': 11,
  'lforms-hidden-item-questionnaire.R4.json': 6,
  'asbi-phq9.json': 13,
  'asbi-gad7.json': 8,
};

const find = (items: readonly QuestionnaireItem[] | undefined, linkId: string): QuestionnaireItem | undefined => {
  for (const item of items ?? []) {
    const found = item.linkId === linkId ? item : find(item.item, linkId);
    if (found) return found;
  }
  return undefined;
};

describe('real Questionnaires', () => {
  beforeAll(() =>
    loadAll([
      ...Object.keys(IMPORTED),
      'lforms-enableWhen-test.R4.json',
      'lforms-q-enableWhen-with-reference-loop.json',
    ]),
  );

  it('import with no error, only notes of what the widget does not show', () => {
    for (const [name, notes] of Object.entries(IMPORTED)) {
      const {valid, problems} = validateQuestionnaire(load(name));
      expect([name, valid, problems.filter((problem) => !NOT_SHOWN.includes(problem.rule))]).toEqual([name, true, []]);
      expect([name, problems.length]).toEqual([name, notes]);
      for (const problem of problems)
        expect(problem).toMatchObject({severity: 'note', path: expect.stringMatching(/^item\[/)});
    }
  });

  it('lists what is kept but not shown: other types, codes, extensions, options outside the document', () => {
    const messages = (name: string) => validateQuestionnaire(load(name)).problems.map((problem) => problem.message);
    const everything = messages('lforms-bit-of-everything.json');
    for (const type of ['attachment', 'reference', 'quantity', 'url']) {
      expect(everything).toContain(`Not shown by the widget: items of type "${type}".`);
    }
    expect(messages('fhir-r4-questionnaire-example-3141.json')).toContain(
      'Not shown by the widget: options from "http://hl7.org/fhir/ValueSet/yesnodontknow", a ValueSet outside the document.',
    );
  });

  it("reads the PHQ-9's answers from its contained ValueSet, named by #id or by canonical URL", () => {
    const phq9 = load('lforms-argonaut-phq9-ish.json');
    for (const linkId of ['g1.q1', 'g1.q9']) {
      const result = choiceOptions(phq9.contained, find(phq9.item, linkId)!);
      if (result.kind !== 'options') throw new Error(`${linkId}: ${result.kind}`);
      expect(result.options.map((option) => [option.answer.valueCoding?.code, option.label.text])).toEqual([
        ['LA6568-5', 'Not at all'],
        ['LA6569-3', 'Several days'],
        ['LA6570-1', 'More than half the days'],
        ['LA6571-9', 'Nearly every day'],
      ]);
    }
    const gad7 = load('asbi-gad7.json');
    const choices = (gad7.item ?? []).filter((item) => item.type === 'choice');
    expect(choices).toHaveLength(7);
    for (const item of choices) expect(choiceOptions(gad7.contained, item)).toMatchObject({kind: 'options'});
  });

  it("refuses LHC-Forms' deliberately broken tests, naming each item and rule", () => {
    const summary = (name: string) =>
      validateQuestionnaire(load(name))
        .problems.filter((problem) => problem.severity === 'error')
        .map((problem) => [problem.path, problem.linkId, problem.rule]);
    // Its "-B" items compare a date and a time question with answerInteger.
    expect(summary('lforms-enableWhen-test.R4.json')).toEqual([
      ['item[11].item[3].enableWhen[0]', 'Q9c-eq-B', 'enableWhenType'],
      ['item[11].item[4].enableWhen[0]', 'Q9c-noteq-B', 'enableWhenType'],
      ['item[12].item[3].enableWhen[0]', 'Q9d-eq-B', 'enableWhenType'],
      ['item[12].item[4].enableWhen[0]', 'Q9d-noteq-B', 'enableWhenType'],
    ]);
    expect(summary('lforms-q-enableWhen-with-reference-loop.json')).toEqual([
      ['item[0].enableWhen[0]', 'item1', 'enableWhenLater'],
      ['item[1].enableWhen[0]', 'item2', 'enableWhenLater'],
      ['item[0]', 'item1', 'cycle'],
      ['item[2]', 'item3', 'cycle'],
    ]);
  });
});

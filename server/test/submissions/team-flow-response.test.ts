// A team flow's submission as stored: for each real Questionnaire of the contract's fixtures that imports, every
// shown question answered by its type, checked by the contract, hidden answers dropped, then written as a nested
// QuestionnaireResponse that passes HL7's R4 schema and reads back in the portal as question and answer.
import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import type {Questionnaire, QuestionnaireResponseItem, QuestionnaireResponseItemAnswer} from '@medplum/fhirtypes';
import {
  checkQuestionnaireAnswers,
  choiceOptions,
  isQuestionType,
  validateQuestionnaire,
  visibleAnswers,
  widgetQuestionnaire,
} from '@intakekit/contract/questionnaire/index';
import {walkItems} from '@intakekit/contract/questionnaire/walk';
import {buildTeamFlowResponse} from '../../src/lib/fhir/team-flow-response.js';
import {answerPairs} from '../../src/lib/fhir/answer-pairs.js';
import {fhirR4Errors} from './fhir-r4-schema.js';
import {HABITS, INTAKE} from '../sdk/team-flow-helpers.js';

const FIXTURES = new URL('../../../contract/test/fixtures/questionnaires/', import.meta.url);

const SAMPLE: Readonly<Record<string, QuestionnaireResponseItemAnswer>> = {
  boolean: {valueBoolean: true},
  integer: {valueInteger: 3},
  decimal: {valueDecimal: 71.5},
  date: {valueDate: '2026-01-02'},
  dateTime: {valueDateTime: '2026-01-02T10:30:00Z'},
  time: {valueTime: '10:30'},
  string: {valueString: 'x'},
  text: {valueString: 'x'},
};

/** Every question of the view answered by its type (a choice's first option). */
function sampleAnswers(view: Questionnaire): Record<string, QuestionnaireResponseItemAnswer[]> {
  const answers: Record<string, QuestionnaireResponseItemAnswer[]> = {};
  for (const {item} of walkItems(view).items) {
    if (!isQuestionType(item.type)) continue;
    const options = choiceOptions(view.contained, item);
    const first = options.kind === 'options' ? options.options[0]!.answer : {valueString: 'Other'};
    answers[item.linkId!] = [SAMPLE[item.type!] ?? first];
  }
  return answers;
}

const nested = (items: readonly QuestionnaireResponseItem[] | undefined): boolean =>
  (items ?? []).some((item) => item.item !== undefined || (item.answer ?? []).some((a) => a.item !== undefined));

describe("a team flow's QuestionnaireResponse", () => {
  const names = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));
  const imported = names
    .map((name) => ({name, document: JSON.parse(fs.readFileSync(new URL(name, FIXTURES), 'utf8')) as Questionnaire}))
    .filter(({document}) => validateQuestionnaire(document).problems.every((p) => p.severity !== 'error'));

  it('passes the FHIR R4 schema for each real document that imports, nested as the document is', () => {
    expect(imported.length).toBeGreaterThanOrEqual(10);
    let nestedSeen = 0;
    for (const {name, document} of imported) {
      const view = widgetQuestionnaire(document);
      const answers = sampleAnswers(view);
      expect(checkQuestionnaireAnswers(view, answers), name).toEqual([]);
      const resource = buildTeamFlowResponse({
        id: '0b6f7bd6-2f38-4b8e-9a55-1f3f0f8b9d10',
        questionnaireUrl: 'https://portal.example/fhir/Questionnaire/intake',
        flow: {id: 'intake', version: '2', questionnaire: view},
        answers: visibleAnswers(view, answers),
        authored: new Date('2026-01-15T09:00:00.000Z'),
      });
      expect(fhirR4Errors(resource), name).toEqual([]);
      expect(resource.questionnaire).toBe('https://portal.example/fhir/Questionnaire/intake|2');
      if (nested(resource.item)) nestedSeen++;
      // The portal's view: every pair has its question's text and every answered one its words.
      const pairs = answerPairs(resource);
      // The FHIR example 3141 asks only from ValueSets outside the document: the widget shows none of it.
      expect(pairs.length > 0 || view.item?.length === 0, name).toBe(true);
      expect(
        pairs.every((pair) => pair.question !== '' && pair.answer !== ''),
        name,
      ).toBe(true);
    }
    expect(nestedSeen).toBeGreaterThanOrEqual(3);
  });

  it("nests a group's items under it and a question's items under its answer; hidden items are left out", () => {
    const view = widgetQuestionnaire(INTAKE as Questionnaire);
    const build = (answers: Record<string, QuestionnaireResponseItemAnswer[]>) =>
      buildTeamFlowResponse({
        id: '0b6f7bd6-2f38-4b8e-9a55-1f3f0f8b9d10',
        questionnaireUrl: 'https://portal.example/fhir/Questionnaire/intake',
        flow: {id: 'intake', version: 'draft', questionnaire: view},
        answers: visibleAnswers(view, answers),
        authored: new Date('2026-01-15T09:00:00.000Z'),
      });
    const resource = build({
      meds: [{valueBoolean: true}],
      which: [{valueString: 'Aspirin'}],
      mood: [{valueCoding: {code: 'good', system: 'http://example.org/mood'}}],
      why: [{valueString: 'hidden'}],
    });
    expect(resource.item?.map((item) => item.linkId)).toEqual(['meds', 'about']);
    expect(resource.item?.[1]?.item).toEqual([
      {linkId: 'kids', text: 'How many children do you have?'},
      {
        linkId: 'mood',
        text: 'How is your mood?',
        answer: [{valueCoding: {system: 'http://example.org/mood', code: 'good', display: 'Good'}}],
      },
      {linkId: 'wake', text: 'When do you wake up?'},
    ]);
    expect(fhirR4Errors(resource)).toEqual([]);
    expect(answerPairs(resource).map(({questionId, answer}) => [questionId, answer])).toEqual([
      ['meds', 'Yes'],
      ['which', 'Aspirin'],
      ['kids', null],
      ['mood', 'Good'],
      ['wake', null],
    ]);
    // The hidden follow-up is gone, the group its condition shows is in; the draft is the version named.
    const other = build({meds: [{valueBoolean: false}], which: [{valueString: 'hidden'}]});
    expect(other.item?.map((item) => item.linkId)).toEqual(['meds', 'about', 'later']);
    expect(other.item?.[0]).toEqual({
      linkId: 'meds',
      text: 'Do you take any medication?',
      answer: [{valueBoolean: false}],
    });
    expect(JSON.stringify(other)).not.toContain('hidden');
    expect(other.questionnaire).toBe('https://portal.example/fhir/Questionnaire/intake|draft');
  });

  it("keeps an unanswered question's own line when its follow-ups are shown, as the portal reads it", () => {
    const view = widgetQuestionnaire(HABITS as Questionnaire);
    const resource = buildTeamFlowResponse({
      id: '0b6f7bd6-2f38-4b8e-9a55-1f3f0f8b9d10',
      questionnaireUrl: 'https://portal.example/fhir/Questionnaire/habits',
      flow: {id: 'habits', version: '1', questionnaire: view},
      answers: visibleAnswers(view, {note: [{valueString: 'Quit last year'}], age: [{valueInteger: 40}]}),
      authored: new Date('2026-01-15T09:00:00.000Z'),
    });
    expect(fhirR4Errors(resource)).toEqual([]);
    // The question and the group look alike in the response (items, no answer): the Questionnaire tells them apart.
    expect(answerPairs(resource, view).map(({questionId, answer}) => [questionId, answer])).toEqual([
      ['smoke', null],
      ['note', 'Quit last year'],
      ['age', '40'],
    ]);
  });
});

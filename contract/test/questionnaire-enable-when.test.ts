import {describe, expect, it} from 'vitest';
import {
  conditionHolds,
  enabledLinkIds,
  visibleAnswers,
  type Questionnaire,
  type QuestionnaireAnswers,
} from '../src/questionnaire/index.js';
import type {QuestionnaireItemEnableWhen, QuestionnaireResponseItemAnswer} from '@medplum/fhirtypes';

type Case = [
  QuestionnaireItemEnableWhen['operator'],
  Partial<QuestionnaireItemEnableWhen>,
  QuestionnaireResponseItemAnswer[],
  boolean,
];
const check = (cases: Case[]) => {
  for (const [operator, answer, given, expected] of cases) {
    const condition = {question: 'q', operator, ...answer} as QuestionnaireItemEnableWhen;
    expect([operator, answer, given, conditionHolds(condition, given)]).toEqual([operator, answer, given, expected]);
  }
};

describe('conditionHolds', () => {
  it('exists: true or false as the question is answered or not', () => {
    check([
      ['exists', {answerBoolean: true}, [{valueString: 'x'}], true],
      ['exists', {answerBoolean: true}, [], false],
      ['exists', {answerBoolean: false}, [], true],
      ['exists', {answerBoolean: false}, [{valueBoolean: false}], false],
    ]);
  });

  it('= and != on booleans, text and codes (a code matches whatever its system when one side has none)', () => {
    check([
      ['=', {answerBoolean: true}, [{valueBoolean: true}], true],
      ['=', {answerBoolean: true}, [{valueBoolean: false}], false],
      ['!=', {answerBoolean: true}, [{valueBoolean: false}], true],
      ['=', {answerString: 'yes'}, [{valueString: 'yes'}], true],
      ['!=', {answerString: 'yes'}, [{valueString: 'yes'}], false],
      ['=', {answerCoding: {system: 's', code: 'y'}}, [{valueCoding: {system: 's', code: 'y', display: 'Y'}}], true],
      ['=', {answerCoding: {code: 'y'}}, [{valueCoding: {system: 's', code: 'y'}}], true],
      ['=', {answerCoding: {system: 's', code: 'y'}}, [{valueCoding: {system: 't', code: 'y'}}], false],
      ['!=', {answerCoding: {code: 'y'}}, [{valueCoding: {code: 'n'}}], true],
      // Several answers (repeats): true when one of them fits.
      ['=', {answerCoding: {code: 'y'}}, [{valueCoding: {code: 'n'}}, {valueCoding: {code: 'y'}}], true],
      // An unanswered question fits no comparison, not even !=.
      ['!=', {answerBoolean: true}, [], false],
      ['=', {answerString: '1'}, [{valueInteger: 1}], false],
    ]);
  });

  it('orders numbers (integer and decimal together), dates, dateTimes, times and text', () => {
    check([
      ['>', {answerInteger: 3}, [{valueInteger: 4}], true],
      ['>', {answerInteger: 3}, [{valueInteger: 3}], false],
      ['>=', {answerInteger: 3}, [{valueInteger: 3}], true],
      ['<', {answerDecimal: 2.5}, [{valueInteger: 2}], true],
      ['<=', {answerDecimal: 2.5}, [{valueDecimal: 2.6}], false],
      ['=', {answerDecimal: 2}, [{valueInteger: 2}], true],
      ['<', {answerDate: '2000-01-01'}, [{valueDate: '1999-12-31'}], true],
      ['>=', {answerDate: '2000-01-01'}, [{valueDate: '1999-12-31'}], false],
      ['>', {answerDateTime: '2020-01-01T10:00:00Z'}, [{valueDateTime: '2020-01-01T11:30:00+01:00'}], true],
      ['=', {answerDateTime: '2020-01-01T10:00:00Z'}, [{valueDateTime: '2020-01-01T11:00:00+01:00'}], true],
      ['<', {answerDateTime: '2020-01-02T00:00:00Z'}, [{valueDate: '2020-01-01'}], true],
      ['>', {answerTime: '13:30:00'}, [{valueTime: '14:00:00'}], true],
      ['<=', {answerTime: '13:30:00'}, [{valueTime: '14:00:00'}], false],
      ['>', {answerString: 'tes'}, [{valueString: 'test'}], true],
      ['<', {answerString: 'test'}, [{valueString: 'tes'}], true],
      // No order between yes/no or codes.
      ['>', {answerBoolean: false}, [{valueBoolean: true}], false],
      ['<', {answerCoding: {code: 'b'}}, [{valueCoding: {code: 'a'}}], false],
    ]);
  });
});

const takesMedsOrManyADay: QuestionnaireItemEnableWhen[] = [
  {question: 'meds', operator: '=', answerBoolean: true},
  {question: 'dose', operator: '>', answerInteger: 2},
];

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [
    {linkId: 'meds', type: 'boolean', text: 'Do you take medication?'},
    {
      linkId: 'which',
      type: 'string',
      text: 'Which medication?',
      enableWhen: [{question: 'meds', operator: '=', answerBoolean: true}],
    },
    {
      linkId: 'dose',
      type: 'integer',
      text: 'How many a day?',
      enableWhen: [{question: 'which', operator: 'exists', answerBoolean: true}],
    },
    {
      linkId: 'step2',
      type: 'group',
      enableWhen: takesMedsOrManyADay,
      enableBehavior: 'any',
      item: [{linkId: 'inside', type: 'string'}],
    },
    {
      linkId: 'both',
      type: 'string',
      enableWhen: takesMedsOrManyADay,
      enableBehavior: 'all',
    },
  ],
};

describe('enabledLinkIds and visibleAnswers', () => {
  const ids = (answers: QuestionnaireAnswers) => [...enabledLinkIds(questionnaire, answers)];

  it('shows a follow-up when its condition holds, all or any of several, and the items of a shown group', () => {
    expect(ids({})).toEqual(['meds']);
    expect(ids({meds: [{valueBoolean: false}]})).toEqual(['meds']);
    expect(ids({meds: [{valueBoolean: true}]})).toEqual(['meds', 'which', 'step2', 'inside']);
    const answered = {meds: [{valueBoolean: true}], which: [{valueString: 'x'}], dose: [{valueInteger: 3}]};
    expect(ids(answered)).toEqual(['meds', 'which', 'dose', 'step2', 'inside', 'both']);
  });

  it('hides a question whose controller is hidden, even though its own answer would show it', () => {
    // 'which' keeps an answer from before 'meds' was changed to No: it is hidden, so 'dose' is hidden too.
    const answers = {meds: [{valueBoolean: false}], which: [{valueString: 'x'}], dose: [{valueInteger: 3}]};
    expect(ids(answers)).toEqual(['meds']);
  });

  it("drops a hidden question's answer from the submission, and keeps those shown", () => {
    const answers: QuestionnaireAnswers = {
      meds: [{valueBoolean: false}],
      which: [{valueString: 'x'}],
      dose: [{valueInteger: 3}],
      inside: [{valueString: 'y'}],
    };
    expect(visibleAnswers(questionnaire, answers)).toEqual({meds: [{valueBoolean: false}]});
    const shown = {...answers, meds: [{valueBoolean: true}]};
    expect(visibleAnswers(questionnaire, shown)).toEqual(shown);
  });
});

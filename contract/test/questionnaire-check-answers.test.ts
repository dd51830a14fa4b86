import {describe, expect, it} from 'vitest';
import {ANSWER_RULES, invalidAnswersMessage} from '../src/answers.js';
import {checkQuestionnaireAnswers, type Questionnaire} from '../src/questionnaire/index.js';

const questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  contained: [
    {
      resourceType: 'ValueSet',
      id: 'freq',
      status: 'active',
      expansion: {
        timestamp: '2026-01-01',
        contains: [
          {system: 'http://loinc.org', code: 'LA6568-5', display: 'Not at all'},
          {system: 'http://loinc.org', code: 'LA6569-3', display: 'Several days'},
        ],
      },
    },
  ],
  item: [
    {linkId: 'intro', type: 'display', text: 'Welcome'},
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      item: [
        {linkId: 'name', type: 'string', text: 'Name', required: true, maxLength: 5},
        {linkId: 'notes', type: 'text', text: 'Notes'},
        {linkId: 'born', type: 'date', text: 'Born'},
        {linkId: 'seen', type: 'dateTime', text: 'Seen'},
        {linkId: 'wake', type: 'time', text: 'Wake'},
        {linkId: 'kids', type: 'integer', text: 'Children'},
        {linkId: 'weight', type: 'decimal', text: 'Weight'},
      ],
    },
    {
      linkId: 'meds',
      type: 'boolean',
      text: 'Medication?',
      required: true,
      item: [
        {
          linkId: 'which',
          type: 'string',
          text: 'Which?',
          required: true,
          enableWhen: [{question: 'meds', operator: '=', answerBoolean: true}],
        },
      ],
    },
    {linkId: 'mood', type: 'choice', text: 'Mood', answerValueSet: '#freq'},
    {
      linkId: 'colours',
      type: 'choice',
      text: 'Colours',
      repeats: true,
      answerOption: [{valueString: 'red'}, {valueString: 'blue'}],
    },
    {linkId: 'size', type: 'open-choice', text: 'Size', answerOption: [{valueInteger: 1}, {valueInteger: 2}]},
  ],
} as Questionnaire;

const base = {name: [{valueString: 'Ana'}], meds: [{valueBoolean: false}]};
const problems = (answers: Record<string, unknown>) => checkQuestionnaireAnswers(questionnaire, {...base, ...answers});
const rules = (answers: Record<string, unknown>) => problems(answers).map((p) => `${p.questionId} ${p.rule}`);

describe('checkQuestionnaireAnswers', () => {
  it('accepts an answer of each type, options by code and system, several choices where repeats, Other text', () => {
    expect(
      problems({
        notes: [{valueString: 'x'.repeat(9000)}],
        born: [{valueDate: '2000-02-29'}],
        seen: [{valueDateTime: '2026-01-02T10:30:00+01:00'}],
        wake: [{valueTime: '07:15'}],
        kids: [{valueInteger: 2}],
        weight: [{valueDecimal: 71.5}],
        mood: [{valueCoding: {system: 'http://loinc.org', code: 'LA6569-3'}}],
        colours: [{valueString: 'red'}, {valueString: 'blue'}],
        size: [{valueString: 'extra large'}],
        intro: undefined,
      }).filter((p) => p.questionId !== 'intro'),
    ).toEqual([]);
    expect(problems({wake: [{valueTime: '07:15:30'}], size: [{valueInteger: 2}]})).toEqual([]);
  });

  it('refuses a value of the wrong type, naming the rule of the item type', () => {
    expect(
      rules({
        name: [{valueInteger: 3}],
        born: [{valueDate: '2001-02-29'}],
        seen: [{valueDateTime: '2026-01-02T10:30'}],
        wake: [{valueTime: '7:15'}],
        kids: [{valueInteger: 2.5}],
        weight: [{valueString: '70'}],
        meds: [{valueString: 'yes'}],
      }),
    ).toEqual([
      'name text',
      'born date',
      'seen dateTime',
      'wake time',
      'kids integer',
      'weight decimal',
      'meds boolean',
    ]);
    expect(rules({kids: [{valueInteger: 2 ** 31}], seen: [{valueDateTime: '2026-02-30T10:30:00Z'}]})).toEqual([
      'seen dateTime',
      'kids integer',
    ]);
  });

  it('text: maxLength of the item, ANSWER_TEXT_MAX_LENGTH, no empty text', () => {
    expect(rules({name: [{valueString: 'Ana Maria'}]})).toEqual(['name maxLength']);
    expect(rules({notes: [{valueString: 'x'.repeat(10_001)}]})).toEqual(['notes text']);
    expect(rules({notes: [{valueString: ''}]})).toEqual(['notes empty']);
  });

  it("choices: one of the item's options (code and system), several only with repeats, each once", () => {
    expect(rules({mood: [{valueCoding: {code: 'LA0000-0'}}]})).toEqual(['mood option']);
    expect(rules({mood: [{valueCoding: {system: 'http://snomed.info/sct', code: 'LA6569-3'}}]})).toEqual([
      'mood option',
    ]);
    expect(rules({mood: [{valueString: 'Several days'}]})).toEqual(['mood option']);
    expect(
      rules({
        mood: [
          {valueCoding: {code: 'LA6568-5', system: 'http://loinc.org'}},
          {valueCoding: {code: 'LA6569-3', system: 'http://loinc.org'}},
        ],
      }),
    ).toEqual(['mood single']);
    expect(rules({colours: [{valueString: 'red'}, {valueString: 'red'}]})).toEqual(['colours option']);
    expect(rules({colours: [{valueString: 'green'}]})).toEqual(['colours option']);
    expect(rules({size: [{valueInteger: 3}]})).toEqual(['size option']);
    expect(rules({kids: [{valueInteger: 1}, {valueInteger: 2}]})).toEqual(['kids single']);
  });

  it('required when shown: a required question, a required follow-up once its condition holds', () => {
    expect(checkQuestionnaireAnswers(questionnaire, {}).map((p) => `${p.questionId} ${p.rule}`)).toEqual([
      'name required',
      'meds required',
    ]);
    expect(rules({meds: [{valueBoolean: true}]})).toEqual(['which required']);
    expect(rules({meds: [{valueBoolean: true}], which: [{valueString: 'Aspirin'}]})).toEqual([]);
  });

  it("a hidden question's answer is never a problem, whatever it holds", () => {
    expect(rules({which: [{valueInteger: 7}]})).toEqual([]);
    expect(rules({which: 'not even a list'})).toEqual([]);
  });

  it('refuses unknown linkIds, answers to groups and display text, and answers that are not lists', () => {
    expect(rules({nope: [], about: [], intro: [{valueString: 'x'}], kids: 3, mood: null})).toEqual([
      'intro noAnswer',
      'about noAnswer',
      'kids answerList',
      'nope unknown',
    ]);
    expect(rules({kids: [{valueInteger: 1, valueString: '1'}], notes: ['text']})).toEqual([
      'notes text',
      'kids integer',
    ]);
  });

  it('the message names linkIds and rules, never an answer', () => {
    const found = problems({name: [{valueString: 'Secret name'}], kids: [{valueString: 'Secret kids'}]});
    const message = invalidAnswersMessage(found);
    expect(message).toBe(
      `Some answers do not fit the flow's questions: name ${ANSWER_RULES.maxLength}; kids ${ANSWER_RULES.integer}.`,
    );
    expect(message).not.toContain('Secret');
  });
});

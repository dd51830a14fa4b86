import {describe, expect, it} from 'vitest';
import {
  ANSWER_RULES,
  ANSWER_TEXT_MAX_LENGTH,
  checkAnswers,
  exampleAnswers,
  invalidAnswersMessage,
  optionsOf,
  type Answers,
} from '../src/answers.js';
import {ERROR_CATALOGUE} from '../src/errors.js';
import {FLOWS, findFlow} from '../src/flow-catalogue.js';
import {DEFAULT_YES_NO_OPTIONS, type FlowQuestion} from '../src/flows.js';

const newPatient = findFlow('new-patient')!;

describe('checkAnswers', () => {
  it('accepts every built-in flow answered in full, and with only its required questions', () => {
    for (const flow of FLOWS) {
      expect(checkAnswers(flow.questions, exampleAnswers(flow))).toEqual([]);
      const required = Object.fromEntries(
        Object.entries(exampleAnswers(flow)).filter(([id]) => flow.questions.find((q) => q.id === id)!.required),
      );
      expect(checkAnswers(flow.questions, required), flow.id).toEqual([]);
    }
  });

  it('takes null, an empty text and an empty list as no answer to an optional question', () => {
    const answers = {...exampleAnswers(newPatient), symptoms: [], notes: ''};
    expect(checkAnswers(newPatient.questions, answers)).toEqual([]);
    expect(checkAnswers(newPatient.questions, {...answers, symptoms: null, notes: null})).toEqual([]);
  });

  it('names each required question left unanswered', () => {
    const answers: Answers = {...exampleAnswers(newPatient), visitReason: null, dateOfBirth: ''};
    delete answers.allergies;
    expect(checkAnswers(newPatient.questions, answers)).toEqual([
      {questionId: 'visitReason', rule: 'required'},
      {questionId: 'dateOfBirth', rule: 'required'},
      {questionId: 'allergies', rule: 'required'},
    ]);
    const none = checkAnswers(newPatient.questions, {...exampleAnswers(newPatient), visitReason: []});
    expect(none).toEqual([{questionId: 'visitReason', rule: 'required'}]);
  });

  it('takes option values only from the question, compared by type and value', () => {
    const check = (patch: Answers) => checkAnswers(newPatient.questions, {...exampleAnswers(newPatient), ...patch});
    expect(check({visitReason: 'refill'})).toEqual([]);
    expect(check({visitReason: 'Prescription refill'})).toEqual([{questionId: 'visitReason', rule: 'option'}]);
    expect(check({allergies: 'true'})).toEqual([{questionId: 'allergies', rule: 'option'}]);
    expect(check({allergies: false})).toEqual([]);
    expect(check({symptoms: ['fever', 'cough']})).toEqual([]);
    expect(check({symptoms: ['fever', 'sneeze']})).toEqual([{questionId: 'symptoms', rule: 'option'}]);
    expect(check({symptoms: ['fever', 'fever']})).toEqual([{questionId: 'symptoms', rule: 'option'}]);
    expect(check({symptoms: 'fever'})).toEqual([{questionId: 'symptoms', rule: 'option'}]);
    expect(check({visitReason: ['refill']})).toEqual([{questionId: 'visitReason', rule: 'option'}]);
  });

  it('uses the default Yes / No options for a yes-no question given without options', () => {
    const questions: FlowQuestion[] = [{id: 'ok', question: 'OK?', type: 'yesNo', required: true}];
    expect(optionsOf(questions[0]!)).toEqual(DEFAULT_YES_NO_OPTIONS);
    expect(checkAnswers(questions, {ok: DEFAULT_YES_NO_OPTIONS[1]!.value})).toEqual([]);
    expect(checkAnswers(questions, {ok: true})).toEqual([{questionId: 'ok', rule: 'option'}]);
  });

  it('takes dates as YYYY-MM-DD days of the calendar only', () => {
    const check = (dateOfBirth: unknown) =>
      checkAnswers(newPatient.questions, {...exampleAnswers(newPatient), dateOfBirth} as Answers);
    for (const good of ['1990-04-30', '2000-02-29', '0001-01-01']) expect(check(good), good).toEqual([]);
    for (const bad of [
      '1990-4-30',
      '30/04/1990',
      '1990-04-31',
      '1900-02-29',
      '1990-13-01',
      '1990-04-30T00:00',
      19900430,
    ]) {
      expect(check(bad), String(bad)).toEqual([{questionId: 'dateOfBirth', rule: 'date'}]);
    }
  });

  it('takes text up to the limit', () => {
    const check = (notes: unknown) =>
      checkAnswers(newPatient.questions, {...exampleAnswers(newPatient), notes} as Answers);
    expect(check('x'.repeat(ANSWER_TEXT_MAX_LENGTH))).toEqual([]);
    expect(check('x'.repeat(ANSWER_TEXT_MAX_LENGTH + 1))).toEqual([{questionId: 'notes', rule: 'text'}]);
    expect(check(42)).toEqual([{questionId: 'notes', rule: 'text'}]);
  });

  it('refuses an answer to a question the flow does not ask, and inherited names too', () => {
    const answers = {...exampleAnswers(newPatient), favouriteColour: 'blue'};
    expect(checkAnswers(newPatient.questions, answers)).toEqual([{questionId: 'favouriteColour', rule: 'unknown'}]);
    const proto = JSON.parse('{"__proto__": "x", "constructor": "y"}') as Answers;
    expect(checkAnswers(newPatient.questions, {...exampleAnswers(newPatient), ...proto})).toEqual([
      {questionId: '__proto__', rule: 'unknown'},
      {questionId: 'constructor', rule: 'unknown'},
    ]);
  });
});

describe('invalidAnswersMessage', () => {
  it('names each question and its rule, never an answer', () => {
    const secret = 'my-diagnosis-is-private';
    const problems = checkAnswers(newPatient.questions, {
      ...exampleAnswers(newPatient),
      visitReason: secret,
      dateOfBirth: null,
      [secret.toUpperCase()]: secret,
    });
    const message = invalidAnswersMessage(problems);
    expect(message).toBe(
      `Some answers do not fit the flow's questions: visitReason ${ANSWER_RULES.option}; dateOfBirth ${ANSWER_RULES.required}; MY-DIAGNOSIS-IS-PRIVATE ${ANSWER_RULES.unknown}.`,
    );
    expect(message).not.toContain(secret);
  });

  it('stays short however many answers are refused', () => {
    const flood = Object.fromEntries(Array.from({length: 500}, (_, i) => [`${'q'.repeat(200)}${i}`, 'x']));
    const message = invalidAnswersMessage(
      checkAnswers(newPatient.questions, {...exampleAnswers(newPatient), ...flood}),
    );
    expect(message.length).toBeLessThan(2000);
    expect(message).toContain('and 490 more');
  });

  it('is INVALID_ANSWERS in the catalogue (422), beside INVALID_SESSION (401)', () => {
    expect(ERROR_CATALOGUE.INVALID_ANSWERS.status).toBe(422);
    expect(ERROR_CATALOGUE.INVALID_SESSION.status).toBe(401);
  });
});

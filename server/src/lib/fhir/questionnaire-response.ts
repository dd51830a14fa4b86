// A submission as FHIR R4 stores it: a QuestionnaireResponse naming the flow (as a Questionnaire canonical with its
// version), with one item per question, in the flow's order. The answers are checked first (contract answers.ts);
// this only writes them down.
import type {
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import {optionsOf, type AnswerValue, type Answers} from '@intakekit/contract/answers';
import type {FlowQuestion, OptionValue} from '@intakekit/contract/flows';

/** The flow a patient answered: a built-in one, or the questions a page gave the widget. */
export interface AnsweredFlow {
  id: string;
  version: string;
  questions: readonly FlowQuestion[];
}

export interface QuestionnaireResponseInput {
  /** The submission's id, which the resource keeps as its own. */
  id: string;
  /** The flow's Questionnaire canonical URL, without its version (flowQuestionnaireUrl). */
  questionnaireUrl: string;
  flow: AnsweredFlow;
  /** Answers that passed checkAnswers for the flow's questions. */
  answers: Answers;
  authored: Date;
}

/**
 * The canonical URL of a flow's Questionnaire, under the portal's address (a canonical belongs under its
 * publisher's domain, and the portal is where the flows are published).
 */
export function flowQuestionnaireUrl(portalUrl: string, flowId: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/fhir/Questionnaire/${encodeURIComponent(flowId)}`;
}

// FHIR's `code`: no leading, trailing or doubled whitespace, not empty.
const FHIR_CODE = /^[^\s]+(\s[^\s]+)*$/;

/** One picked option: a Coding of its value and label, or its value as text when no code can hold it. */
function choiceAnswer(question: FlowQuestion, value: OptionValue): QuestionnaireResponseItemAnswer {
  if (typeof value === 'boolean') return {valueBoolean: value};
  const code = String(value);
  if (!FHIR_CODE.test(code)) return {valueString: code};
  const display = optionsOf(question).find((option) => option.value === value)?.label;
  return {valueCoding: display === undefined ? {code} : {code, display}};
}

function answersOf(question: FlowQuestion, value: AnswerValue): QuestionnaireResponseItemAnswer[] {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return [];
  switch (question.type) {
    case 'text':
      return [{valueString: String(value)}];
    case 'date':
      return [{valueDate: String(value)}];
    case 'yesNo':
      // The default options are Yes / No by name: the answer is the boolean they stand for.
      if (question.options === undefined && (value === 'yes' || value === 'no'))
        return [{valueBoolean: value === 'yes'}];
      return [choiceAnswer(question, value as OptionValue)];
    case 'singleChoice':
      return [choiceAnswer(question, value as OptionValue)];
    case 'multiChoice':
      return (Array.isArray(value) ? value : [value]).map((v) => choiceAnswer(question, v));
  }
}

export function buildQuestionnaireResponse(input: QuestionnaireResponseInput): QuestionnaireResponse {
  const item = input.flow.questions.map((question): QuestionnaireResponseItem => {
    const answer = answersOf(question, input.answers[question.id] ?? null);
    return {linkId: question.id, text: question.question, ...(answer.length > 0 ? {answer} : {})};
  });
  return {
    resourceType: 'QuestionnaireResponse',
    id: input.id,
    questionnaire: `${input.questionnaireUrl}|${input.flow.version}`,
    status: 'completed',
    authored: input.authored.toISOString(),
    item,
  };
}

/**
 * A built-in flow (flow-catalogue.ts) as a FHIR R4 Questionnaire: the template a team's flow starts from. Each
 * question keeps its id as linkId, its text and whether it is required; options keep their value and label.
 */
import type {Questionnaire, QuestionnaireItem, QuestionnaireItemAnswerOption} from '@medplum/fhirtypes';
import type {Flow} from '../flow-catalogue.js';
import type {FlowQuestion, QuestionOption} from '../flows.js';

// FHIR's `code`: no leading, trailing or doubled whitespace, not empty.
const FHIR_CODE = /^[^\s]+(\s[^\s]+)*$/;

/** An option as FHIR holds it: a code with its label, a whole number or text as itself. */
function answerOption({label, value}: QuestionOption): QuestionnaireItemAnswerOption {
  if (typeof value === 'number' && Number.isInteger(value) && label === String(value)) return {valueInteger: value};
  if (typeof value === 'string' && !FHIR_CODE.test(value)) return {valueString: value};
  return {valueCoding: {code: String(value), display: label}};
}

/** A yes/no question whose options are true and false: FHIR's boolean, which the widget shows as Yes / No. */
const isBoolean = (question: FlowQuestion): boolean =>
  (question.options ?? []).length === 2 &&
  (question.options ?? []).every((option) => typeof option.value === 'boolean') &&
  new Set(question.options!.map((option) => option.value)).size === 2;

function item(question: FlowQuestion): QuestionnaireItem {
  const base = {linkId: question.id, text: question.question};
  const required = {required: question.required};
  switch (question.type) {
    case 'text':
      return {...base, type: 'text', ...required};
    case 'date':
      return {...base, type: 'date', ...required};
    case 'yesNo':
      if (question.options === undefined || isBoolean(question)) return {...base, type: 'boolean', ...required};
      return {...base, type: 'choice', ...required, answerOption: question.options.map(answerOption)};
    case 'singleChoice':
      return {...base, type: 'choice', ...required, answerOption: (question.options ?? []).map(answerOption)};
    case 'multiChoice':
      return {
        ...base,
        type: 'choice',
        ...required,
        repeats: true,
        answerOption: (question.options ?? []).map(answerOption),
      };
  }
}

export function builtInQuestionnaire(flow: Flow): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    status: 'draft',
    title: flow.name,
    description: flow.description,
    item: flow.questions.map(item),
  };
}

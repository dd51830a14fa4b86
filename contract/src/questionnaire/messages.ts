/**
 * What the validator says, once for the API and the editor. Each message names the rule and what to do; the
 * item's path and linkId go beside it. A Questionnaire is a form, not a patient's answers: naming its linkIds and
 * types is safe.
 */
import {QUESTIONNAIRE_LIMITS} from './limits.js';
import {ENABLE_WHEN_OPERATORS} from './types.js';

const count = (n: number): string => n.toLocaleString('en-US');

export const QUESTIONNAIRE_MESSAGES = {
  notQuestionnaire: 'The document is not a FHIR R4 Questionnaire: it needs "resourceType": "Questionnaire".',
  itemShape: 'Each item needs a linkId (text) and a type; add the one missing.',
  duplicateLinkId: (linkId: string) =>
    `Another item already has the linkId "${linkId}"; give each item a linkId of its own.`,
  tooManyItems: `A flow holds at most ${count(QUESTIONNAIRE_LIMITS.items)} items; split the form into several flows.`,
  tooDeep: `Items nest at most ${QUESTIONNAIRE_LIMITS.depth} levels deep; move this item up a level.`,
  emptyGroup: 'This group holds no items; add a question to it or delete it.',
  choiceWithoutOptions:
    'This choice question has no options; add answerOption entries or an answerValueSet naming a ValueSet contained in the document.',
  valueSetNotFound: (reference: string) =>
    `answerValueSet "${reference}" names no ValueSet contained in the document, or one with no concepts; add it to contained with its concepts.`,
  enableWhenUnknown: (question: string) =>
    `enableWhen names "${question}", which is no item of this document; name the linkId of an earlier question.`,
  enableWhenLater: (question: string) =>
    `enableWhen names "${question}", which comes after this item; a condition can only look at an earlier question.`,
  enableWhenNoAnswer: (question: string) =>
    `enableWhen names "${question}", a group or display item, which takes no answer; name a question.`,
  enableWhenOperator: `enableWhen's operator must be one of ${ENABLE_WHEN_OPERATORS.join(', ')}.`,
  enableWhenAnswer:
    'enableWhen needs exactly one answer to compare with (answerBoolean, answerString, answerCoding, ...).',
  enableWhenExists:
    'The operator "exists" compares with answerBoolean: true when the question is answered, false when not.',
  enableWhenType: (question: string, type: string, expected: readonly string[]) =>
    `enableWhen compares "${question}", a ${type} question, with the wrong type of answer; use ${expected.join(' or ')}.`,
  enableWhenOrder: (operator: string, type: string) =>
    `The operator "${operator}" needs a number, date, time or text to compare, and "${type}" answers have no order; use = or !=.`,
  enableBehavior: 'An item with several enableWhen conditions needs enableBehavior "all" or "any".',
  cycle: (linkIds: readonly string[]) =>
    `These conditions form a cycle (${linkIds.join(' → ')}): no item of it can be shown first; remove one of them.`,
  requiredNotShown: (reason: string) =>
    `This item is required, but the widget cannot show it (${reason}); make it optional or change it.`,
  notShownType: (type: string) => `Not shown by the widget: items of type "${type}".`,
  notShownNoOptions:
    'Not shown by the widget: a choice question with no options; add answerOption entries or an answerValueSet naming a ValueSet contained in the document.',
  notShownValueSet: (reference: string) =>
    `Not shown by the widget: options from "${reference}", a ValueSet outside the document.`,
  notShownElements: (names: readonly string[]) => `Kept but not shown by the widget: ${names.join(', ')}.`,
  notShownRepeats: (type: string) => `Kept but not shown by the widget: repeats on a ${type} item (it is asked once).`,
} as const;

export type QuestionnaireRule = keyof typeof QUESTIONNAIRE_MESSAGES;

/** An error refuses the document; a note only tells what is kept but not shown. */
export type QuestionnaireProblemSeverity = 'error' | 'note';

export interface QuestionnaireProblem {
  /** Where in the document, as FHIRPath-like steps from the root: `item[2].item[0].answerOption[1]`. */
  path: string;
  /** The item's linkId, when it has one. */
  linkId?: string;
  rule: QuestionnaireRule;
  severity: QuestionnaireProblemSeverity;
  message: string;
}

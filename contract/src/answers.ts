/**
 * A patient's answers and the rules they are checked by: the widget hands them to the page and submits them, the
 * API refuses them (INVALID_ANSWERS) unless they fit the questions of the flow the session served. Answers are
 * health data: nothing here ever puts an answer into a message, only question ids and rules.
 */
import {ANSWER_TEXT_MAX_LENGTH} from './constants.js';
import {DEFAULT_YES_NO_OPTIONS, type FlowQuestion, type OptionValue, type QuestionOption} from './flows.js';
import type {Flow} from './flow-catalogue.js';

/**
 * One answer: the option value (singleChoice, yesNo), the list of option values (multiChoice, possibly empty),
 * the text (text), the ISO date `YYYY-MM-DD` (date), or null for an optional question left unanswered.
 */
export type AnswerValue = OptionValue | OptionValue[] | string | null;

/** Answers keyed by question id, in question order. */
export type Answers = Record<string, AnswerValue>;

export {ANSWER_TEXT_MAX_LENGTH};

/** Each rule an answer can break, in the words the refusal names it with (after the question id). */
export const ANSWER_RULES = {
  required: 'needs an answer',
  option: "must be one of the question's option values",
  date: 'must be a date written YYYY-MM-DD',
  text: `must be text of at most ${ANSWER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  unknown: 'is not a question of this flow',
  // A team flow's answers (questionnaire/check-answers.ts): FHIR answer lists keyed by linkId.
  answerList: 'must be a list of FHIR answers, [] when left unanswered',
  noAnswer: 'is a group or display text, which takes no answer',
  single: 'takes one answer',
  empty: 'has an empty text answer: send [] for a question left unanswered',
  maxLength: "is longer than the question's maxLength",
  boolean: 'must be valueBoolean, true or false',
  integer: 'must be valueInteger, a whole number',
  decimal: 'must be valueDecimal, a number',
  dateTime: 'must be valueDateTime written YYYY-MM-DDThh:mm:ss with a time zone (Z or +hh:mm)',
  time: 'must be valueTime written hh:mm or hh:mm:ss',
} as const;
export type AnswerRule = keyof typeof ANSWER_RULES;

/** One refused answer: which question and which rule. */
export interface AnswerProblem {
  questionId: string;
  rule: AnswerRule;
}

/** The options an answer is picked from: the question's own, or Yes / No for a yesNo question given none. */
export function optionsOf(question: FlowQuestion): readonly QuestionOption[] {
  return question.options ?? (question.type === 'yesNo' ? DEFAULT_YES_NO_OPTIONS : []);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for `YYYY-MM-DD` naming a day of the calendar (not 1990-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** No answer: missing, null, empty text or an empty list (what the widget sends for a question skipped). */
function isUnanswered(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const isOptionValue = (value: unknown): value is OptionValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The rule a given (non-empty) answer breaks, or null when it fits the question. */
function brokenRule(question: FlowQuestion, value: unknown): AnswerRule | null {
  switch (question.type) {
    case 'text':
      return typeof value === 'string' && value.length <= ANSWER_TEXT_MAX_LENGTH ? null : 'text';
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : 'date';
    case 'multiChoice': {
      if (!Array.isArray(value)) return 'option';
      const allowed = optionsOf(question).map((option) => option.value);
      const fits = value.every((v) => isOptionValue(v) && allowed.includes(v));
      return fits && new Set(value).size === value.length ? null : 'option';
    }
    case 'singleChoice':
    case 'yesNo':
      return isOptionValue(value) && optionsOf(question).some((option) => option.value === value) ? null : 'option';
  }
}

/**
 * Checks answers against a flow's questions: every required question answered, option values from the question's
 * options (each once), dates as `YYYY-MM-DD`, text at most ANSWER_TEXT_MAX_LENGTH, no unknown question id.
 * Answers each refused answer, in question order, then the unknown ids as given; empty when all fit.
 */
export function checkAnswers(
  questions: readonly FlowQuestion[],
  answers: Readonly<Record<string, unknown>>,
): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const asked = new Set<string>();
  for (const question of questions) {
    asked.add(question.id);
    const value = Object.prototype.hasOwnProperty.call(answers, question.id) ? answers[question.id] : undefined;
    const rule = isUnanswered(value) ? (question.required ? 'required' : null) : brokenRule(question, value);
    if (rule) problems.push({questionId: question.id, rule});
  }
  for (const id of Object.keys(answers)) if (!asked.has(id)) problems.push({questionId: id, rule: 'unknown'});
  return problems;
}

/** How many refused answers INVALID_ANSWERS's message names; the rest are counted. */
const PROBLEMS_NAMED = 10;
/** Ids sent by a page are shortened, so that the message stays a message. */
const ID_SHOWN = 64;

/** INVALID_ANSWERS's message: each refused question id with its rule (never an answer). */
export function invalidAnswersMessage(problems: readonly AnswerProblem[]): string {
  const named = problems.slice(0, PROBLEMS_NAMED).map(({questionId, rule}) => {
    const id = questionId.length > ID_SHOWN ? `${questionId.slice(0, ID_SHOWN)}…` : questionId;
    return `${id} ${ANSWER_RULES[rule]}`;
  });
  const more = problems.length - named.length;
  return `Some answers do not fit the flow's questions: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}

/** Sample text answer of exampleAnswers. */
const EXAMPLE_TEXT = 'No, thank you.';
/** Sample date answer of exampleAnswers. */
const EXAMPLE_DATE = '1990-04-30';

/** Answers to every question of a flow (the first option, a date, a line of text): the guide's and tests' example. */
export function exampleAnswers(flow: Pick<Flow, 'questions'>): Answers {
  const answers: Answers = {};
  for (const question of flow.questions) {
    const first = optionsOf(question)[0]?.value ?? null;
    const byType: Record<FlowQuestion['type'], AnswerValue> = {
      singleChoice: first,
      yesNo: first,
      multiChoice: first === null ? [] : [first],
      date: EXAMPLE_DATE,
      text: EXAMPLE_TEXT,
    };
    answers[question.id] = byType[question.type];
  }
  return answers;
}

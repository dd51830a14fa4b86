/**
 * A team flow's answers checked against the Questionnaire the session served (the widget's view of a published
 * version, or the draft in a preview): FHIR answer lists keyed by linkId, as a QuestionnaireResponse item holds them.
 * The server refuses a submit with INVALID_ANSWERS for any problem found here; answers to questions hidden by their
 * conditions are never a problem (visibleAnswers drops them before they are stored). A problem names a linkId and a
 * rule of ANSWER_RULES, never an answer.
 */
import type {Questionnaire, QuestionnaireItem, QuestionnaireResponseItemAnswer} from '@medplum/fhirtypes';
import {ANSWER_TEXT_MAX_LENGTH, isIsoDate, type AnswerProblem, type AnswerRule} from '../answers.js';
import {enabledLinkIds, type QuestionnaireAnswers} from './enable-when.js';
import {choiceOptions, type ChoiceOption} from './options.js';
import {isChoiceType, isQuestionType} from './types.js';
import {isRecord, walkItems} from './walk.js';

const INT32 = 2 ** 31;
/** FHIR's dateTime with a time of day: seconds and a time zone are required. */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;
/** hh:mm as a time input gives it, or FHIR's hh:mm:ss. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d{1,9})?)?$/;

/** The one value[x] an answer carries, or null when it carries none or several. */
function onlyValue(answer: Record<string, unknown>): [string, unknown] | null {
  const entries = Object.entries(answer).filter(([key]) => key.startsWith('value'));
  return entries.length === 1 ? entries[0]! : null;
}

const sameAnswer = (given: Record<string, unknown>, option: QuestionnaireResponseItemAnswer): boolean => {
  const coding = given['valueCoding'];
  if (option.valueCoding) {
    if (!isRecord(coding) || coding['code'] !== option.valueCoding.code) return false;
    // A coding names its system when the option does: the same code of another system is another answer.
    return option.valueCoding.system === undefined || coding['system'] === option.valueCoding.system;
  }
  if (option.valueString !== undefined) return given['valueString'] === option.valueString;
  return option.valueInteger !== undefined && given['valueInteger'] === option.valueInteger;
};

/** The rule one answer breaks for its item, or null when it fits. */
function answerRule(item: QuestionnaireItem, answer: unknown, options: readonly ChoiceOption[]): AnswerRule | null {
  const type = item.type;
  const isChoice = isChoiceType(type);
  const value = isRecord(answer) ? onlyValue(answer) : null;
  if (!value) return isChoice ? 'option' : typeRule(type);
  const [key, given] = value;
  if (key === 'valueString' && given === '') return 'empty';
  if (isChoice) {
    if (options.some((option) => sameAnswer(answer as Record<string, unknown>, option.answer))) return null;
    // An open choice's 'Other' answer is text.
    if (type === 'open-choice' && key === 'valueString') return textRule(item, given);
    return 'option';
  }
  switch (type) {
    case 'boolean':
      return key === 'valueBoolean' && typeof given === 'boolean' ? null : 'boolean';
    case 'integer':
      return key === 'valueInteger' && Number.isInteger(given) && Math.abs(given as number) < INT32 ? null : 'integer';
    case 'decimal':
      return key === 'valueDecimal' && Number.isFinite(given) ? null : 'decimal';
    case 'date':
      return key === 'valueDate' && typeof given === 'string' && isIsoDate(given) ? null : 'date';
    case 'dateTime': {
      const match = key === 'valueDateTime' && typeof given === 'string' ? DATE_TIME.exec(given) : null;
      return match && isIsoDate(match[1]!) ? null : 'dateTime';
    }
    case 'time':
      return key === 'valueTime' && typeof given === 'string' && TIME.test(given) ? null : 'time';
    default:
      return key === 'valueString' ? textRule(item, given) : 'text';
  }
}

function textRule(item: QuestionnaireItem, given: unknown): AnswerRule | null {
  if (typeof given !== 'string' || given.length > ANSWER_TEXT_MAX_LENGTH) return 'text';
  return typeof item.maxLength === 'number' && given.length > item.maxLength ? 'maxLength' : null;
}

/** The rule an answer of the wrong shape breaks for an item of this type. */
function typeRule(type: string | undefined): AnswerRule {
  const rules: Record<string, AnswerRule> = {
    boolean: 'boolean',
    integer: 'integer',
    decimal: 'decimal',
    date: 'date',
    dateTime: 'dateTime',
    time: 'time',
  };
  return rules[type ?? ''] ?? 'text';
}

/** The answer lists of the questions asked (well-formed lists only), for evaluating conditions. */
function answerLists(answers: Readonly<Record<string, unknown>>, asked: ReadonlySet<string>): QuestionnaireAnswers {
  const lists: Record<string, QuestionnaireResponseItemAnswer[]> = {};
  for (const [linkId, list] of Object.entries(answers)) {
    if (asked.has(linkId) && Array.isArray(list) && list.every(isRecord)) {
      lists[linkId] = list as QuestionnaireResponseItemAnswer[];
    }
  }
  return lists;
}

/**
 * Problems of a team flow's answers, in document order and then the unknown linkIds as given: each shown question's
 * answers of its type (valueBoolean, valueInteger, valueDecimal, valueDate of a calendar day, valueDateTime,
 * valueTime, valueString within maxLength and ANSWER_TEXT_MAX_LENGTH, a choice's options, an open choice's text
 * too), one answer unless a choice repeats, every required shown question answered; no answers for linkIds the
 * document does not hold or for its groups and display texts. Empty when all fit.
 */
export function checkQuestionnaireAnswers(
  questionnaire: Questionnaire,
  answers: Readonly<Record<string, unknown>>,
): AnswerProblem[] {
  const items = walkItems(questionnaire).items.map((walked) => walked.item);
  const byLinkId = new Map(items.map((item) => [item.linkId ?? '', item]));
  const questions = new Set(items.filter((item) => isQuestionType(item.type)).map((item) => item.linkId ?? ''));
  const lists = answerLists(answers, questions);
  const enabled = enabledLinkIds(questionnaire, lists);
  const problems: AnswerProblem[] = [];
  for (const item of items) {
    const linkId = item.linkId ?? '';
    const given = Object.prototype.hasOwnProperty.call(answers, linkId) ? answers[linkId] : undefined;
    if (!isQuestionType(item.type)) {
      if (given !== undefined) problems.push({questionId: linkId, rule: 'noAnswer'});
      continue;
    }
    // A hidden question's answer is dropped, whatever it holds.
    if (!enabled.has(linkId)) continue;
    const rule = listRule(questionnaire, item, given);
    if (rule) problems.push({questionId: linkId, rule});
  }
  for (const linkId of Object.keys(answers)) {
    if (!byLinkId.has(linkId)) problems.push({questionId: linkId, rule: 'unknown'});
  }
  return problems;
}

/** The first rule a question's answer list breaks, or null. */
function listRule(questionnaire: Questionnaire, item: QuestionnaireItem, given: unknown): AnswerRule | null {
  if (given !== undefined && given !== null && !Array.isArray(given)) return 'answerList';
  const list = (given ?? []) as unknown[];
  if (list.length === 0) return item.required === true ? 'required' : null;
  const isChoice = isChoiceType(item.type);
  if (list.length > 1 && !(isChoice && item.repeats === true)) return 'single';
  const result = isChoice ? choiceOptions(questionnaire.contained, item) : undefined;
  const options = result?.kind === 'options' ? result.options : [];
  for (const answer of list) {
    const rule = answerRule(item, answer, options);
    if (rule) return rule;
  }
  // The same option twice is one answer given twice.
  const keys = list.map((answer) => JSON.stringify(answer));
  return new Set(keys).size === keys.length ? null : 'option';
}

/**
 * Which items are shown for the answers given so far, and the answers a submission keeps: the widget calls these
 * as the patient answers, the server on submit, so both drop the same hidden answers. An item is hidden when its
 * parent is hidden or its enableWhen fails; a hidden question counts as unanswered in the conditions that name it.
 */
import type {
  Coding,
  Questionnaire,
  QuestionnaireItemEnableWhen,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import type {EnableWhenOperator} from './types.js';
import {walkItems} from './walk.js';

/** A patient's answers keyed by linkId, each the list a QuestionnaireResponse item holds. */
export type QuestionnaireAnswers = Readonly<Record<string, readonly QuestionnaireResponseItemAnswer[]>>;

type Scalar = string | number | boolean;
type Value = Scalar | Coding;

/** The one value an answer or a condition carries, with how it orders. */
interface Typed {
  value: Value;
  kind: 'boolean' | 'number' | 'date' | 'dateTime' | 'time' | 'string' | 'coding';
}

// Each answer[x] of an enableWhen and value[x] of an answer, with how it compares.
const VALUE_TYPES = [
  ['Boolean', 'boolean'],
  ['Integer', 'number'],
  ['Decimal', 'number'],
  ['Date', 'date'],
  ['DateTime', 'dateTime'],
  ['Time', 'time'],
  ['String', 'string'],
  ['Coding', 'coding'],
] as const;

/** The one value an answer (`value[x]`) or a condition (`answer[x]`) carries. */
function typedValue(source: object, prefix: 'value' | 'answer'): Typed | null {
  const fields: Record<string, unknown> = {...source};
  for (const [suffix, kind] of VALUE_TYPES) {
    const value = fields[prefix + suffix];
    if (value !== undefined) return {value: value as Value, kind};
  }
  return null;
}

const sameCoding = (a: Coding, b: Coding): boolean =>
  a.code === b.code && (a.system === undefined || b.system === undefined || a.system === b.system);

/** -1, 0 or 1; null when the two cannot be compared (other kinds, or codings for an order). */
function compare(answer: Typed, expected: Typed): number | null {
  // A date answers a dateTime condition and the other way round: both are instants on one time line.
  const dates = ['date', 'dateTime'];
  const sameKind = answer.kind === expected.kind || (dates.includes(answer.kind) && dates.includes(expected.kind));
  if (!sameKind) return null;
  if (answer.kind === 'coding' || expected.kind === 'coding') {
    return sameCoding(answer.value as Coding, expected.value as Coding) ? 0 : null;
  }
  let [a, b] = [answer.value as Scalar, expected.value as Scalar];
  if (answer.kind === 'dateTime' || expected.kind === 'dateTime')
    [a, b] = [Date.parse(String(a)), Date.parse(String(b))];
  if (a === b) return 0;
  if (typeof a === 'boolean' || typeof b === 'boolean') return null;
  return a < b ? -1 : 1;
}

function holds(operator: EnableWhenOperator, order: number | null): boolean {
  switch (operator) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '>':
      return order !== null && order > 0;
    case '<':
      return order !== null && order < 0;
    case '>=':
      return order !== null && order >= 0;
    case '<=':
      return order !== null && order <= 0;
    case 'exists':
      return false;
  }
}

/** One condition against the answers of the question it names (none when that question is hidden). */
export function conditionHolds(
  condition: QuestionnaireItemEnableWhen,
  answers: readonly QuestionnaireResponseItemAnswer[],
): boolean {
  const operator = condition.operator as EnableWhenOperator;
  if (operator === 'exists') return answers.length > 0 === (condition.answerBoolean === true);
  const expected = typedValue(condition, 'answer');
  if (!expected) return false;
  // FHIR R4: true when at least one of the answers fits; an unanswered question fits no comparison.
  return answers.some((answer) => {
    const given = typedValue(answer, 'value');
    return given !== null && holds(operator, compare(given, expected));
  });
}

/** The linkIds of the items shown for these answers, in document order. */
export function enabledLinkIds(questionnaire: Questionnaire, answers: QuestionnaireAnswers): Set<string> {
  const enabled = new Set<string>();
  const answersOf = (linkId: string | undefined) =>
    linkId !== undefined && enabled.has(linkId) ? (answers[linkId] ?? []) : [];
  for (const {item, parent} of walkItems(questionnaire).items) {
    if (parent && !enabled.has(parent.item.linkId ?? '')) continue;
    const conditions = item.enableWhen ?? [];
    const results = conditions.map((condition) => conditionHolds(condition, answersOf(condition.question)));
    const shown = item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
    if (conditions.length === 0 || shown) enabled.add(item.linkId ?? '');
  }
  return enabled;
}

/** The answers a submission keeps: those of questions shown; a hidden question's answer is dropped. */
export function visibleAnswers(questionnaire: Questionnaire, answers: QuestionnaireAnswers): QuestionnaireAnswers {
  const enabled = enabledLinkIds(questionnaire, answers);
  return Object.fromEntries(Object.entries(answers).filter(([linkId]) => enabled.has(linkId)));
}

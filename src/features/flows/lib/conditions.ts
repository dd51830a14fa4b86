/**
 * Conditions (enableWhen) as the editor's pickers build them: a question asked before the item, an operator that
 * fits its type, and a value of its type, written as the one answer[x] the validator expects for that question.
 */
import {
  ENABLE_WHEN_OPERATORS,
  ORDERED_OPERATORS,
  choiceOptions,
  expectedAnswerKeys,
  isQuestionType,
  textFor,
  itemText,
  type ChoiceOption,
  type EnableWhenOperator,
  type Questionnaire,
  type QuestionnaireItem,
} from '@intakekit/contract/questionnaire/index';
import {ORDERED_ANSWER_KEYS, type EnableWhenAnswerKey} from '@intakekit/contract/questionnaire/answer-types';
import {walkItems} from '@intakekit/contract/questionnaire/walk';

export type Condition = NonNullable<QuestionnaireItem['enableWhen']>[number];

/** A question a condition may name: asked before the item, with its options when it is a choice. */
export interface ConditionTarget {
  linkId: string;
  label: string;
  item: QuestionnaireItem;
  options: ChoiceOption[];
  /** The answer[x] a condition on it uses (besides exists' answerBoolean). */
  key: EnableWhenAnswerKey;
}

/** The questions asked before the item `linkId` in document order (none of its own items), each as a target. */
export function conditionTargets(document: Questionnaire, linkId: string): ConditionTarget[] {
  const targets: ConditionTarget[] = [];
  for (const {item} of walkItems(document).items) {
    if (item.linkId === linkId) break;
    if (!isQuestionType(item.type)) continue;
    const found = choiceOptions(document.contained, item);
    const options = found.kind === 'options' ? found.options : [];
    const key = expectedAnswerKeys(item, options)?.[0] ?? 'answerString';
    const text = textFor(itemText(item), undefined);
    targets.push({linkId: item.linkId, label: text ? `${text} (${item.linkId})` : item.linkId, item, options, key});
  }
  return targets;
}

/** The operators that fit the target's answer: all of them for numbers, dates, times and text; else exists, =, !=. */
export function operatorsFor(target: ConditionTarget): readonly EnableWhenOperator[] {
  if (ORDERED_ANSWER_KEYS.includes(target.key) && target.options.length === 0) return ENABLE_WHEN_OPERATORS;
  return ENABLE_WHEN_OPERATORS.filter((operator) => !ORDERED_OPERATORS.includes(operator));
}

/** The value a condition compares with, as the picker shows it (a string), or '' when it has none. */
export function conditionValue(condition: Condition): string {
  if (condition.answerBoolean !== undefined) return String(condition.answerBoolean);
  if (condition.answerCoding) return condition.answerCoding.code ?? '';
  const fields: Record<string, unknown> = {...condition};
  for (const key of ['answerString', 'answerInteger', 'answerDecimal', 'answerDate', 'answerDateTime', 'answerTime']) {
    const value = fields[key];
    if (value !== undefined) return String(value);
  }
  return '';
}

/** A condition on `target` with this operator and the value as picked or typed; values of the wrong shape are left out. */
export function buildCondition(target: ConditionTarget, operator: EnableWhenOperator, value: string): Condition {
  const base: Condition = {question: target.linkId, operator};
  if (operator === 'exists' || target.key === 'answerBoolean') return {...base, answerBoolean: value !== 'false'};
  if (target.key === 'answerCoding') {
    const option = target.options.find((choice) => choice.answer.valueCoding?.code === value) ?? target.options[0];
    return option?.answer.valueCoding ? {...base, answerCoding: option.answer.valueCoding} : base;
  }
  if (target.key === 'answerInteger' || target.key === 'answerDecimal') {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return base;
    return target.key === 'answerInteger' && !Number.isInteger(number)
      ? {...base, answerDecimal: number}
      : {...base, [target.key]: number};
  }
  return value === '' ? base : {...base, [target.key]: value};
}

/** A first condition on the nearest earlier question: "is answered" for text, else its first value. */
export function defaultCondition(target: ConditionTarget): Condition {
  if (target.key === 'answerBoolean') return buildCondition(target, '=', 'true');
  if (target.key === 'answerCoding' || target.options.length > 0) {
    return buildCondition(target, '=', target.options[0]?.answer.valueCoding?.code ?? '');
  }
  return buildCondition(target, 'exists', 'true');
}

/** The item with its conditions replaced; enableBehavior kept only while there are several (default all). */
export function withConditions(item: QuestionnaireItem, conditions: readonly Condition[]): QuestionnaireItem {
  const {enableWhen: _conditions, enableBehavior, ...rest} = item;
  if (conditions.length === 0) return rest;
  if (conditions.length === 1) return {...rest, enableWhen: [...conditions]};
  return {...rest, enableWhen: [...conditions], enableBehavior: enableBehavior ?? 'all'};
}

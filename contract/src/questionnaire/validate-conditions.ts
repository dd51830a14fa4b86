/** The enableWhen rules: each condition names an earlier question, with an answer of its type; and no cycles. */
import {expectedAnswerKeys, ENABLE_WHEN_ANSWER_KEYS, ORDERED_ANSWER_KEYS} from './answer-types.js';
import {QUESTIONNAIRE_MESSAGES as M, type QuestionnaireProblem} from './messages.js';
import type {ChoiceOption} from './options.js';
import {ENABLE_WHEN_OPERATORS, ORDERED_OPERATORS, isQuestionType, type EnableWhenOperator} from './types.js';
import {isRecord, type WalkedItem} from './walk.js';

type Report = (walked: WalkedItem, rule: QuestionnaireProblem['rule'], message: string, suffix?: string) => void;

const isOperator = (value: unknown): value is EnableWhenOperator =>
  typeof value === 'string' && (ENABLE_WHEN_OPERATORS as readonly string[]).includes(value);

function checkCondition(
  walked: WalkedItem,
  condition: Record<string, unknown>,
  suffix: string,
  byLinkId: ReadonlyMap<string, WalkedItem>,
  optionsOf: (linkId: string) => readonly ChoiceOption[],
  report: Report,
): void {
  const question = typeof condition['question'] === 'string' ? condition['question'] : '';
  const target = byLinkId.get(question);
  if (!target) return report(walked, 'enableWhenUnknown', M.enableWhenUnknown(question), suffix);
  if (!isQuestionType(target.item.type)) {
    return report(walked, 'enableWhenNoAnswer', M.enableWhenNoAnswer(question), suffix);
  }
  if (target.order >= walked.order) report(walked, 'enableWhenLater', M.enableWhenLater(question), suffix);
  const operator = condition['operator'];
  if (!isOperator(operator)) return report(walked, 'enableWhenOperator', M.enableWhenOperator, suffix);
  const keys = ENABLE_WHEN_ANSWER_KEYS.filter((key) => condition[key] !== undefined);
  const key = keys[0];
  if (keys.length !== 1 || key === undefined) return report(walked, 'enableWhenAnswer', M.enableWhenAnswer, suffix);
  if (operator === 'exists') {
    if (key !== 'answerBoolean') report(walked, 'enableWhenExists', M.enableWhenExists, suffix);
    return;
  }
  const type = target.item.type ?? '';
  const expected = expectedAnswerKeys(target.item, optionsOf(question));
  if (expected && !expected.includes(key)) {
    return report(walked, 'enableWhenType', M.enableWhenType(question, type, expected), suffix);
  }
  if (ORDERED_OPERATORS.includes(operator) && !ORDERED_ANSWER_KEYS.includes(key)) {
    report(walked, 'enableWhenOrder', M.enableWhenOrder(operator, type), suffix);
  }
}

/** Each item's enableWhen, checked against the document's questions. */
export function checkConditions(
  items: readonly WalkedItem[],
  byLinkId: ReadonlyMap<string, WalkedItem>,
  optionsOf: (linkId: string) => readonly ChoiceOption[],
  report: Report,
): void {
  for (const walked of items) {
    const conditions = Array.isArray(walked.item.enableWhen) ? (walked.item.enableWhen as unknown[]) : [];
    conditions.forEach((condition, index) => {
      const suffix = `.enableWhen[${index}]`;
      if (!isRecord(condition)) return report(walked, 'enableWhenAnswer', M.enableWhenAnswer, suffix);
      checkCondition(walked, condition, suffix, byLinkId, optionsOf, report);
    });
    const behavior = walked.item.enableBehavior;
    if (conditions.length > 1 && behavior !== 'all' && behavior !== 'any') {
      report(walked, 'enableBehavior', M.enableBehavior, '.enableBehavior');
    }
  }
  findCycles(items, byLinkId).forEach((cycle) => {
    const first = byLinkId.get(cycle[0] ?? '');
    if (first) report(first, 'cycle', M.cycle([...cycle, cycle[0] ?? '']));
  });
}

/**
 * Cycles among "is shown only if": an item depends on the questions its enableWhen names and on its parent (a
 * hidden group hides its items), so a group whose condition names one of its own questions is a cycle too.
 */
export function findCycles(items: readonly WalkedItem[], byLinkId: ReadonlyMap<string, WalkedItem>): string[][] {
  const dependsOn = (walked: WalkedItem): WalkedItem[] => {
    const targets = (Array.isArray(walked.item.enableWhen) ? (walked.item.enableWhen as unknown[]) : [])
      .map((condition) => (isRecord(condition) ? byLinkId.get(String(condition['question'])) : undefined))
      .filter((target): target is WalkedItem => target !== undefined);
    return walked.parent ? [walked.parent, ...targets] : targets;
  };
  const state = new Map<WalkedItem, 'open' | 'done'>();
  const cycles: string[][] = [];
  const stack: WalkedItem[] = [];
  const visit = (walked: WalkedItem): void => {
    state.set(walked, 'open');
    stack.push(walked);
    for (const next of dependsOn(walked)) {
      const seen = state.get(next);
      if (seen === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((entry) => entry.item.linkId ?? ''));
      else if (seen === undefined) visit(next);
    }
    stack.pop();
    state.set(walked, 'done');
  };
  for (const walked of items) if (!state.has(walked)) visit(walked);
  return cycles;
}

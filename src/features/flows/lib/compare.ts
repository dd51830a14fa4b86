/**
 * Two versions of a flow compared item by item, by linkId: the items added, removed and changed, each change in
 * words (its text, type, whether it is required, its options, conditions, translations, place, other elements).
 */
import {
  choiceOptions,
  itemText,
  localizedText,
  textFor,
  type LocalizedText,
  type Questionnaire,
  type QuestionnaireItem,
} from '@intakekit/contract/questionnaire/index';
import {walkItems, type WalkedItem} from '@intakekit/contract/questionnaire/walk';
import {conditionValue} from './conditions';

export interface ItemChange {
  kind: 'added' | 'removed' | 'changed';
  linkId: string;
  /** The item's text (the newer one for a change). */
  text: string;
  details: string[];
}

export interface Comparison {
  /** The document's own changes: 'Title: "A" → "B"', its translations. */
  document: string[];
  changes: ItemChange[];
}

const quoted = (text: string): string => `"${text}"`;
const fieldsOf = (element: object): Record<string, unknown> => ({...element});
const HANDLED = new Set(['linkId', 'text', '_text', 'type', 'required', 'answerOption', 'enableWhen', 'item']);

const describeConditions = (item: QuestionnaireItem): string => {
  const conditions = item.enableWhen ?? [];
  if (conditions.length === 0) return 'always shown';
  const joined = conditions.map((c) => `${c.question} ${c.operator} ${conditionValue(c)}`.trim());
  return joined.join(item.enableBehavior === 'any' ? ' or ' : ' and ');
};

/** Option labels keyed by their value (a code, a text, a number). */
function optionLabels(document: Questionnaire, item: QuestionnaireItem): Map<string, string> {
  const found = choiceOptions(document.contained, item);
  const options = found.kind === 'options' ? found.options : [];
  return new Map(
    options.map(({answer, label}) => [
      String(answer.valueCoding?.code ?? answer.valueString ?? answer.valueInteger),
      label.text,
    ]),
  );
}

function optionChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const details: string[] = [];
  for (const [value, label] of after) {
    const old = before.get(value);
    if (old === undefined) details.push(`Option added: ${quoted(label)}`);
    else if (old !== label) details.push(`Option ${quoted(old)} now reads ${quoted(label)}`);
  }
  for (const [value, label] of before) if (!after.has(value)) details.push(`Option removed: ${quoted(label)}`);
  return details;
}

function translationChanges(before: LocalizedText, after: LocalizedText): string[] {
  const [old, next] = [before.translations, after.translations];
  return [...new Set([...Object.keys(old), ...Object.keys(next)])].sort().flatMap((lang) => {
    if (old[lang] === next[lang]) return [];
    if (old[lang] === undefined) return [`Translation added (${lang}): ${quoted(next[lang] ?? '')}`];
    if (next[lang] === undefined) return [`Translation removed (${lang})`];
    return [`Translation (${lang}): ${quoted(old[lang])} → ${quoted(next[lang] ?? '')}`];
  });
}

const parentId = (walked: WalkedItem): string | null => walked.parent?.item.linkId ?? null;

/** The common items whose order among their siblings changed: those off the longest run kept in order. */
function movedItems(before: Map<string, WalkedItem>, after: WalkedItem[]): Set<string> {
  const moved = new Set<string>();
  const groups = new Map<string | null, string[]>();
  for (const walked of after) {
    const old = before.get(walked.item.linkId);
    if (!old || parentId(old) !== parentId(walked)) continue;
    groups.set(parentId(walked), [...(groups.get(parentId(walked)) ?? []), walked.item.linkId]);
  }
  for (const ids of groups.values()) {
    const orders = ids.map((id) => before.get(id)?.order ?? 0);
    // Longest increasing run of old positions (quadratic: a step holds few items).
    const length = orders.map(() => 1);
    const previous = orders.map(() => -1);
    orders.forEach((order, i) => {
      for (let j = 0; j < i; j += 1) {
        if ((orders[j] ?? 0) < order && (length[j] ?? 0) + 1 > (length[i] ?? 0)) {
          length[i] = (length[j] ?? 0) + 1;
          previous[i] = j;
        }
      }
    });
    const kept = new Set<number>();
    for (let i = length.indexOf(Math.max(0, ...length)); i >= 0; i = previous[i] ?? -1) kept.add(i);
    ids.forEach((id, i) => (kept.has(i) ? null : moved.add(id)));
  }
  return moved;
}

function itemChanges(
  documents: [Questionnaire, Questionnaire],
  [old, next]: [WalkedItem, WalkedItem],
  moved: boolean,
): string[] {
  const [a, b] = [old.item, next.item];
  const details: string[] = [];
  if ((a.text ?? '') !== (b.text ?? '')) details.push(`Text: ${quoted(a.text ?? '')} → ${quoted(b.text ?? '')}`);
  if (a.type !== b.type) details.push(`Type: ${a.type} → ${b.type}`);
  if (Boolean(a.required) !== Boolean(b.required)) details.push(b.required ? 'Now required' : 'Now optional');
  details.push(...optionChanges(optionLabels(documents[0], a), optionLabels(documents[1], b)));
  const [conditionsBefore, conditionsAfter] = [describeConditions(a), describeConditions(b)];
  if (conditionsBefore !== conditionsAfter) details.push(`Shown: ${conditionsBefore} → ${conditionsAfter}`);
  details.push(...translationChanges(itemText(a), itemText(b)));
  if (parentId(old) !== parentId(next)) {
    details.push(`Moved from ${parentId(old) ?? 'the top level'} to ${parentId(next) ?? 'the top level'}`);
  } else if (moved) details.push('Moved to another place among its siblings');
  const others = new Set([...Object.keys(a), ...Object.keys(b)].filter((key) => !HANDLED.has(key)));
  for (const key of [...others].sort()) {
    const [x, y] = [fieldsOf(a)[key], fieldsOf(b)[key]];
    if (JSON.stringify(x) !== JSON.stringify(y)) details.push(`Changed: ${key}`);
  }
  return details;
}

/** What changed from `before` to `after`: changed and added items in the newer order, then the removed ones. */
export function compareQuestionnaires(before: Questionnaire, after: Questionnaire): Comparison {
  const old = new Map(walkItems(before).items.map((walked) => [walked.item.linkId, walked]));
  const nextItems = walkItems(after).items;
  const next = new Set(nextItems.map((walked) => walked.item.linkId));
  const moved = movedItems(old, nextItems);
  const label = (item: QuestionnaireItem): string => textFor(itemText(item), undefined);
  const changes: ItemChange[] = [];
  for (const walked of nextItems) {
    const {linkId} = walked.item;
    const previous = old.get(linkId);
    if (!previous) {
      changes.push({kind: 'added', linkId, text: label(walked.item), details: []});
      continue;
    }
    const details = itemChanges([before, after], [previous, walked], moved.has(linkId));
    if (details.length > 0) changes.push({kind: 'changed', linkId, text: label(walked.item), details});
  }
  for (const [linkId, walked] of old) {
    if (!next.has(linkId)) changes.push({kind: 'removed', linkId, text: label(walked.item), details: []});
  }
  const [titleBefore, titleAfter] = [before, after].map((document) =>
    localizedText(document.title, fieldsOf(document)['_title']),
  );
  const document = translationChanges(titleBefore!, titleAfter!).map(
    (change) => `Title's ${change.charAt(0).toLowerCase()}${change.slice(1)}`,
  );
  if (titleBefore!.text !== titleAfter!.text)
    document.unshift(`Title: ${quoted(titleBefore!.text)} → ${quoted(titleAfter!.text)}`);
  return {document, changes};
}

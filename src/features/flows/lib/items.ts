/**
 * The editor's changes to a Questionnaire's items, as pure functions on the document. An item is named by its path of
 * indices from the root (`[2, 0]` is `item[2].item[0]`). Each change copies only the items on the way to the one it
 * changes, so every other item keeps its identity and its editor row is not drawn again.
 */
import type {Questionnaire, QuestionnaireItem} from '@intakekit/contract/questionnaire/index';

export type ItemPath = readonly number[];

/** `item[2].item[0]`, as the validator names a place. */
export const pathText = (path: ItemPath): string => path.map((index) => `item[${index}]`).join('.');

/** The item at a path, or undefined. */
export function itemAt(document: Questionnaire, path: ItemPath): QuestionnaireItem | undefined {
  let items = document.item;
  let found: QuestionnaireItem | undefined;
  for (const index of path) {
    found = items?.[index];
    items = found?.item;
  }
  return found;
}

/** The document with the list of items at `parent` (the root for []) replaced by what `change` returns. */
function changeList(
  document: Questionnaire,
  parent: ItemPath,
  change: (items: QuestionnaireItem[]) => QuestionnaireItem[],
): Questionnaire {
  const inside = (items: readonly QuestionnaireItem[], rest: ItemPath): QuestionnaireItem[] => {
    const [index, ...deeper] = rest;
    if (index === undefined) return change([...items]);
    return items.map((item, at) => (at === index ? withChildren(item, inside(item.item ?? [], deeper)) : item));
  };
  return {...document, item: orUndefined(inside(document.item ?? [], parent))};
}

/** FHIR leaves out an empty list rather than writing `[]`. */
const orUndefined = (items: QuestionnaireItem[]): QuestionnaireItem[] | undefined =>
  items.length > 0 ? items : undefined;

function withChildren(item: QuestionnaireItem, children: QuestionnaireItem[]): QuestionnaireItem {
  const {item: _old, ...rest} = item;
  return children.length > 0 ? {...rest, item: children} : rest;
}

/** The document with the item at `path` replaced by what `change` returns. */
export function updateItem(
  document: Questionnaire,
  path: ItemPath,
  change: (item: QuestionnaireItem) => QuestionnaireItem,
): Questionnaire {
  const index = path.at(-1);
  if (index === undefined) return document;
  return changeList(document, path.slice(0, -1), (items) =>
    items.map((item, at) => (at === index ? change(item) : item)),
  );
}

/** Adds an item at the end of `parent`'s items (the document's own for []); returns the document and its path. */
export function addItem(
  document: Questionnaire,
  parent: ItemPath,
  item: QuestionnaireItem,
): {document: Questionnaire; path: ItemPath} {
  const siblings = parent.length === 0 ? (document.item ?? []) : (itemAt(document, parent)?.item ?? []);
  return {document: changeList(document, parent, (items) => [...items, item]), path: [...parent, siblings.length]};
}

export function deleteItem(document: Questionnaire, path: ItemPath): Questionnaire {
  const index = path.at(-1);
  if (index === undefined) return document;
  return changeList(document, path.slice(0, -1), (items) => items.filter((_, at) => at !== index));
}

/** Whether the item can move one place up (-1) or down (1) among its siblings. */
export function canMove(document: Questionnaire, path: ItemPath, by: -1 | 1): boolean {
  const index = path.at(-1);
  const parent = path.slice(0, -1);
  const siblings = parent.length === 0 ? (document.item ?? []) : (itemAt(document, parent)?.item ?? []);
  return index !== undefined && index + by >= 0 && index + by < siblings.length;
}

/** Swaps the item with its previous (-1) or next (1) sibling; returns the document and the item's new path. */
export function moveItem(
  document: Questionnaire,
  path: ItemPath,
  by: -1 | 1,
): {document: Questionnaire; path: ItemPath} {
  const index = path.at(-1);
  if (index === undefined || !canMove(document, path, by)) return {document, path};
  const parent = path.slice(0, -1);
  const next = changeList(document, parent, (items) => {
    const moved = [...items];
    const [item] = moved.splice(index, 1);
    if (item) moved.splice(index + by, 0, item);
    return moved;
  });
  return {document: next, path: [...parent, index + by]};
}

/** Every item of the document, at every level, in document order. */
function allItems(document: Questionnaire): QuestionnaireItem[] {
  const found: QuestionnaireItem[] = [];
  const visit = (items: readonly QuestionnaireItem[] | undefined): void => {
    for (const item of items ?? []) {
      found.push(item);
      visit(item.item);
    }
  };
  visit(document.item);
  return found;
}

/** Every linkId in the document, at every level. */
export function linkIds(document: Questionnaire): Set<string> {
  return new Set(allItems(document).map((item) => item.linkId));
}

/** A linkId no item has yet: `question-3`, `step-2`. */
export function freshLinkId(document: Questionnaire, prefix: string): string {
  const taken = linkIds(document);
  let n = 1;
  while (taken.has(`${prefix}-${n}`)) n += 1;
  return `${prefix}-${n}`;
}

/** A new question (a short text) or step (a group holding one question), with linkIds no item has. */
export function newItem(document: Questionnaire, kind: 'question' | 'step'): QuestionnaireItem {
  const question: QuestionnaireItem = {linkId: freshLinkId(document, 'question'), type: 'string', text: ''};
  if (kind === 'question') return question;
  return {linkId: freshLinkId(document, 'step'), type: 'group', text: '', item: [question]};
}

/** How many items, at every level, have this linkId. */
const countLinkId = (document: Questionnaire, linkId: string): number =>
  allItems(document).filter((item) => item.linkId === linkId).length;

/** The items with `change` applied at every level; an item `change` leaves alone, with all of its own, is kept as it is. */
function mapItems(
  items: QuestionnaireItem[] | undefined,
  change: (item: QuestionnaireItem) => QuestionnaireItem,
): QuestionnaireItem[] | undefined {
  if (!items) return items;
  let changed = false;
  const next = items.map((item) => {
    const children = mapItems(item.item, change);
    const own = change(children === item.item ? item : {...item, item: children});
    if (own !== item) changed = true;
    return own;
  });
  return changed ? next : items;
}

/**
 * The document with the item at `path` named `linkId`, and the conditions that named its old linkId naming the new
 * one, so the questions that follow it keep following it. They move only while the old linkId was this item's alone
 * and the new one is no other item's: a name another item shares, for a keystroke, must not pull its conditions along
 * (the validator then names what no longer points anywhere).
 */
export function renameItem(document: Questionnaire, path: ItemPath, linkId: string): Questionnaire {
  const old = itemAt(document, path)?.linkId;
  if (old === undefined || old === linkId) return document;
  const renamed = updateItem(document, path, (item) => ({...item, linkId}));
  if (countLinkId(document, old) !== 1 || countLinkId(document, linkId) > 0) return renamed;
  const item = mapItems(renamed.item, (current) =>
    current.enableWhen?.some((condition) => condition.question === old)
      ? {
          ...current,
          enableWhen: current.enableWhen.map((condition) =>
            condition.question === old ? {...condition, question: linkId} : condition,
          ),
        }
      : current,
  );
  return item === renamed.item ? renamed : {...renamed, item};
}

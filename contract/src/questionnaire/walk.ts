/** The items of a document in document order (pre-order), each with its path, depth and parent. */
import type {QuestionnaireItem} from '@medplum/fhirtypes';
import {isRecord} from './json.js';
import {QUESTIONNAIRE_LIMITS} from './limits.js';

export {isRecord};

export interface WalkedItem {
  item: QuestionnaireItem;
  /** `item[2].item[0]` */
  path: string;
  /** 1 for a top-level item. */
  depth: number;
  parent: WalkedItem | undefined;
  /** Position in document order, from 0. */
  order: number;
}

export interface Walk {
  items: WalkedItem[];
  /** Entries that are no item (not an object, no linkId text, no type text). */
  malformed: string[];
  /** Items deeper than the limit (their own items are not walked). */
  tooDeep: WalkedItem[];
  /** More items than the limit: the walk stopped there. */
  tooMany: boolean;
}

const isItem = (value: unknown): value is QuestionnaireItem =>
  isRecord(value) && typeof value['linkId'] === 'string' && value['linkId'] !== '' && typeof value['type'] === 'string';

export function walkItems(document: unknown): Walk {
  const walk: Walk = {items: [], malformed: [], tooDeep: [], tooMany: false};
  const visit = (list: unknown, prefix: string, depth: number, parent: WalkedItem | undefined): void => {
    if (!Array.isArray(list)) return;
    for (const [index, entry] of list.entries()) {
      if (walk.tooMany) return;
      const path = `${prefix}item[${index}]`;
      if (!isItem(entry)) {
        walk.malformed.push(path);
        continue;
      }
      if (walk.items.length >= QUESTIONNAIRE_LIMITS.items) {
        walk.tooMany = true;
        return;
      }
      const walked: WalkedItem = {item: entry, path, depth, parent, order: walk.items.length};
      walk.items.push(walked);
      if (depth > QUESTIONNAIRE_LIMITS.depth) walk.tooDeep.push(walked);
      else visit(entry.item, `${path}.`, depth + 1, walked);
    }
  };
  if (isRecord(document)) visit(document['item'], '', 1, undefined);
  return walk;
}

import {describe, expect, it} from 'vitest';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import {questionnaire} from './test-questionnaire';
import {
  addItem,
  canMove,
  deleteItem,
  freshLinkId,
  itemAt,
  moveItem,
  newItem,
  pathText,
  renameItem,
  updateItem,
} from './items';

const doc: Questionnaire = {
  ...questionnaire(
    {linkId: 'a', type: 'string', text: 'A'},
    {
      linkId: 'step-1',
      type: 'group',
      item: [
        {linkId: 'b', type: 'boolean', text: 'B'},
        {linkId: 'c', type: 'text', text: 'C'},
      ],
    },
  ),
};

describe('the editor’s item changes', () => {
  it('finds, changes, adds, moves and deletes by path, copying only the way to the item changed', () => {
    expect(itemAt(doc, [1, 1])?.linkId).toBe('c');
    expect(pathText([1, 1])).toBe('item[1].item[1]');

    const changed = updateItem(doc, [1, 0], (item) => ({...item, text: 'B2'}));
    expect(itemAt(changed, [1, 0])?.text).toBe('B2');
    expect(doc.item?.[1]?.item?.[0]?.text).toBe('B');
    // The untouched items keep their identity (their memoised rows are not drawn again).
    expect(changed.item?.[0]).toBe(doc.item?.[0]);
    expect(changed.item?.[1]?.item?.[1]).toBe(doc.item?.[1]?.item?.[1]);

    const added = addItem(doc, [1], {linkId: 'd', type: 'date'});
    expect(added.path).toEqual([1, 2]);
    expect(itemAt(added.document, [1, 2])?.linkId).toBe('d');
    expect(addItem(doc, [], {linkId: 'e', type: 'date'}).path).toEqual([2]);

    expect(canMove(doc, [1, 0], -1)).toBe(false);
    expect(canMove(doc, [1, 0], 1)).toBe(true);
    expect(canMove(doc, [1], 1)).toBe(false);
    const moved = moveItem(doc, [1, 0], 1);
    expect(moved.path).toEqual([1, 1]);
    expect(moved.document.item?.[1]?.item?.map((item) => item.linkId)).toEqual(['c', 'b']);
    expect(moveItem(doc, [0], -1).document).toBe(doc);

    const deleted = deleteItem(doc, [1, 0]);
    expect(deleted.item?.[1]?.item?.map((item) => item.linkId)).toEqual(['c']);
    // A group's last item gone: FHIR writes no empty list (the validator then asks to fill or delete the group).
    expect(deleteItem(deleteItem(doc, [1, 0]), [1, 0]).item?.[1]).toEqual({linkId: 'step-1', type: 'group'});
    expect(deleteItem(deleteItem(doc, [0]), [0]).item).toBeUndefined();
  });

  it('names new items with linkIds no item has', () => {
    expect(freshLinkId(doc, 'step')).toBe('step-2');
    expect(newItem(doc, 'question')).toEqual({linkId: 'question-1', type: 'string', text: ''});
    const step = newItem(doc, 'step');
    expect(step).toMatchObject({linkId: 'step-2', type: 'group', item: [{linkId: 'question-1', type: 'string'}]});
  });
});

describe('renaming a question', () => {
  const withConditions: Questionnaire = questionnaire(
    {linkId: 'smoker', type: 'boolean', text: 'Do you smoke?'},
    {linkId: 'other', type: 'string', text: 'Other'},
    {
      linkId: 'step-1',
      type: 'group',
      item: [
        {
          linkId: 'packs',
          type: 'integer',
          text: 'Packs a day',
          enableWhen: [{question: 'smoker', operator: '=', answerBoolean: true}],
        },
        {
          linkId: 'note',
          type: 'text',
          text: 'Note',
          enableWhen: [{question: 'other', operator: 'exists', answerBoolean: true}],
        },
      ],
    },
  );

  it('moves the conditions that named its old linkId to the new one, and keeps every other item as it was', () => {
    const renamed = renameItem(withConditions, [0], 'smokes');
    expect(itemAt(renamed, [0])?.linkId).toBe('smokes');
    expect(itemAt(renamed, [2, 0])?.enableWhen).toEqual([{question: 'smokes', operator: '=', answerBoolean: true}]);
    expect(itemAt(renamed, [2, 1])).toBe(itemAt(withConditions, [2, 1]));
    expect(renamed.item?.[1]).toBe(withConditions.item?.[1]);
  });

  it('leaves the conditions where they are while the new linkId is another item’s, or the old one was shared', () => {
    const clash = renameItem(withConditions, [0], 'other');
    expect(itemAt(clash, [0])?.linkId).toBe('other');
    expect(itemAt(clash, [2, 0])?.enableWhen?.[0]?.question).toBe('smoker');
    expect(itemAt(clash, [2, 1])?.enableWhen?.[0]?.question).toBe('other');
    // Typing on from the shared name: the other question's conditions stay with it.
    const onwards = renameItem(clash, [0], 'otherwise');
    expect(itemAt(onwards, [2, 1])?.enableWhen?.[0]?.question).toBe('other');
  });
});

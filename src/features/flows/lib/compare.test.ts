import {describe, expect, it} from 'vitest';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import {questionnaire} from './test-questionnaire';
import {compareQuestionnaires} from './compare';
import {setItemTranslation, setTitleTranslation} from './translations';

const before: Questionnaire = {
  ...questionnaire(
    {linkId: 'a', type: 'string', text: 'Name'},
    {linkId: 'b', type: 'boolean', text: 'Allergies?', required: true},
    {
      linkId: 'c',
      type: 'choice',
      text: 'Reason',
      answerOption: [{valueCoding: {code: 'x', display: 'X'}}, {valueCoding: {code: 'y', display: 'Y'}}],
    },
    {linkId: 'd', type: 'text', text: 'Notes'},
    {linkId: 'gone', type: 'date', text: 'Birthday'},
  ),
  title: 'Intake',
};

describe('comparing two versions', () => {
  it('says nothing changed for the same document', () => {
    expect(compareQuestionnaires(before, structuredClone(before))).toEqual({document: [], changes: []});
  });

  it('lists added, removed and changed items by linkId, each change in words', () => {
    const [a, b, c, d] = before.item!;
    const after: Questionnaire = {
      ...before,
      title: 'New intake',
      item: [
        {...b!, required: false, text: 'Any allergies?'},
        a!,
        {
          ...c!,
          type: 'open-choice',
          answerOption: [{valueCoding: {code: 'x', display: 'Ex'}}, {valueCoding: {code: 'z', display: 'Z'}}],
        },
        {
          ...setItemTranslation(d!, 'es', 'Notas'),
          maxLength: 200,
          enableWhen: [{question: 'b', operator: '=', answerBoolean: true}],
        },
        {linkId: 'new', type: 'integer', text: 'Age'},
      ],
    };
    const {document, changes} = compareQuestionnaires(before, setTitleTranslation(after, 'es', 'Admisión'));
    expect(document).toEqual(['Title: "Intake" → "New intake"', 'Title\'s translation added (es): "Admisión"']);
    expect(changes).toEqual([
      {
        kind: 'changed',
        linkId: 'b',
        text: 'Any allergies?',
        details: ['Text: "Allergies?" → "Any allergies?"', 'Now optional'],
      },
      // Of a swap of two, one is said to have moved: the other kept its place among the rest.
      {kind: 'changed', linkId: 'a', text: 'Name', details: ['Moved to another place among its siblings']},
      {
        kind: 'changed',
        linkId: 'c',
        text: 'Reason',
        details: [
          'Type: choice → open-choice',
          'Option "X" now reads "Ex"',
          'Option added: "Z"',
          'Option removed: "Y"',
        ],
      },
      {
        kind: 'changed',
        linkId: 'd',
        text: 'Notes',
        details: ['Shown: always shown → b = true', 'Translation added (es): "Notas"', 'Changed: maxLength'],
      },
      {kind: 'added', linkId: 'new', text: 'Age', details: []},
      {kind: 'removed', linkId: 'gone', text: 'Birthday', details: []},
    ]);
  });

  it('names the step an item moved into', () => {
    const after: Questionnaire = {
      ...before,
      item: [
        {linkId: 'step', type: 'group', text: 'About you', item: before.item!.slice(0, 1)},
        ...before.item!.slice(1),
      ],
    };
    const {changes} = compareQuestionnaires(before, after);
    expect(changes[0]).toEqual({kind: 'added', linkId: 'step', text: 'About you', details: []});
    expect(changes[1]).toEqual({
      kind: 'changed',
      linkId: 'a',
      text: 'Name',
      details: ['Moved from the top level to step'],
    });
    expect(changes).toHaveLength(2);
  });
});

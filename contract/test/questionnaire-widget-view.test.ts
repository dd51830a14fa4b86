import {describe, expect, it} from 'vitest';
import {validateQuestionnaire, widgetQuestionnaire, type Questionnaire} from '../src/questionnaire/index.js';
import {doc, yesNo} from './questionnaire-documents.js';

const valueSet = (id: string, url?: string) => ({
  resourceType: 'ValueSet',
  id,
  ...(url && {url}),
  status: 'active',
  expansion: {
    timestamp: '2026-01-01',
    contains: [{system: 'http://loinc.org', code: 'LA6568-5', display: 'Not at all'}],
  },
});

describe('widgetQuestionnaire', () => {
  it('keeps only the elements the widget uses, and the document elements it reads', () => {
    const document = doc(
      [
        {
          linkId: 'mood',
          type: 'group',
          text: 'Mood',
          prefix: '1.',
          item: [{...yesNo('down'), code: [{system: 'http://loinc.org', code: '44255-8'}], required: true}],
        },
      ],
      {title: 'Mood check', url: 'https://clinic.example/Questionnaire/mood', publisher: 'Clinic', language: 'en'},
    );
    expect(validateQuestionnaire(document).valid).toBe(true);
    expect(widgetQuestionnaire(document as Questionnaire)).toEqual({
      resourceType: 'Questionnaire',
      title: 'Mood check',
      url: 'https://clinic.example/Questionnaire/mood',
      language: 'en',
      item: [
        {
          linkId: 'mood',
          type: 'group',
          text: 'Mood',
          item: [{linkId: 'down', type: 'boolean', text: 'down', required: true}],
        },
      ],
    });
  });

  it('leaves out what it cannot show: other types, a choice with nothing to pick, a group left empty, repeats outside a choice', () => {
    const document = doc([
      {linkId: 'photo', type: 'attachment', text: 'A photo'},
      {linkId: 'pick', type: 'choice', text: 'Pick', answerValueSet: 'http://loinc.org/vs/LL358-3'},
      {linkId: 'step', type: 'group', item: [{linkId: 'scan', type: 'attachment'}]},
      {linkId: 'other', type: 'open-choice', text: 'Other', answerValueSet: 'http://loinc.org/vs/LL358-3'},
      {linkId: 'notes', type: 'string', text: 'Notes', repeats: true, maxLength: 40},
    ]);
    expect(widgetQuestionnaire(document as Questionnaire).item).toEqual([
      {linkId: 'other', type: 'open-choice', text: 'Other'},
      {linkId: 'notes', type: 'string', text: 'Notes', maxLength: 40},
    ]);
  });

  it('keeps the ValueSets options come from (by #id or canonical URL) and drops the others', () => {
    const document = doc(
      [
        {linkId: 'a', type: 'choice', text: 'A', answerValueSet: '#answers'},
        {linkId: 'b', type: 'choice', text: 'B', answerValueSet: 'https://clinic.example/vs/b|2'},
      ],
      {contained: [valueSet('answers'), valueSet('b', 'https://clinic.example/vs/b'), valueSet('unused')]},
    );
    const view = widgetQuestionnaire(document as Questionnaire);
    expect(view.contained?.map((resource) => resource.id)).toEqual(['answers', 'b']);
    expect(view.item?.map((item) => item.answerValueSet)).toEqual(['#answers', 'https://clinic.example/vs/b|2']);
  });
});

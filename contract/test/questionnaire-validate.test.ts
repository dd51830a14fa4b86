import {describe, expect, it} from 'vitest';
import {QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_MESSAGES as M, validateQuestionnaire} from '../src/questionnaire/index.js';
import {doc, errors, only, yesNo} from './questionnaire-documents.js';

describe('validateQuestionnaire', () => {
  it('accepts every supported type, options of each kind and a contained ValueSet', () => {
    const result = validateQuestionnaire(
      doc(
        [
          {
            linkId: 'step',
            type: 'group',
            text: 'About you',
            item: [
              {linkId: 'intro', type: 'display', text: 'Hello'},
              ...['string', 'text', 'boolean', 'date', 'integer', 'decimal', 'time', 'dateTime'].map((type) => ({
                linkId: type,
                type,
                required: true,
              })),
              {linkId: 'coded', type: 'choice', answerOption: [{valueCoding: {code: 'a', display: 'A'}}]},
              {linkId: 'texts', type: 'choice', repeats: true, answerOption: [{valueString: 'x'}]},
              {linkId: 'numbers', type: 'open-choice', answerOption: [{valueInteger: 1}]},
              {linkId: 'expansion', type: 'choice', answerValueSet: '#vs1'},
              {linkId: 'compose', type: 'choice', answerValueSet: 'http://example.org/vs2|1.0'},
              {linkId: 'free', type: 'open-choice'},
            ],
          },
        ],
        {
          contained: [
            {resourceType: 'ValueSet', id: 'vs1', expansion: {contains: [{code: 'y', display: 'Yes'}]}},
            {
              resourceType: 'ValueSet',
              id: 'vs2',
              url: 'http://example.org/vs2',
              compose: {include: [{system: 'http://s', concept: [{code: 'n', display: 'No'}]}]},
            },
          ],
        },
      ),
    );
    expect(result).toEqual({valid: true, problems: []});
  });

  it('refuses what is no Questionnaire, and items without a linkId or type', () => {
    for (const bad of [null, [], 'x', {resourceType: 'Patient'}]) {
      expect(validateQuestionnaire(bad)).toEqual({
        valid: false,
        problems: [{path: '', rule: 'notQuestionnaire', severity: 'error', message: M.notQuestionnaire}],
      });
    }
    const found = errors(doc([{type: 'string'}, {linkId: 'a'}, 'x', {linkId: '', type: 'string'}]));
    expect(found.map((problem) => [problem.path, problem.rule])).toEqual([
      ['item[0]', 'itemShape'],
      ['item[1]', 'itemShape'],
      ['item[2]', 'itemShape'],
      ['item[3]', 'itemShape'],
    ]);
  });

  it('names a duplicate linkId with the path of the second use', () => {
    const problem = only(doc([yesNo('a'), {linkId: 'g', type: 'group', item: [yesNo('b'), yesNo('a')]}]));
    expect(problem).toEqual({
      path: 'item[1].item[1].linkId',
      linkId: 'a',
      rule: 'duplicateLinkId',
      severity: 'error',
      message: M.duplicateLinkId('a'),
    });
  });

  it('refuses an empty group, and a required choice without options or with a contained ValueSet missing', () => {
    expect(only(doc([{linkId: 'g', type: 'group'}]))).toMatchObject({path: 'item[0]', rule: 'emptyGroup'});
    expect(only(doc([{linkId: 'c', type: 'choice', required: true}]))).toMatchObject({
      rule: 'choiceWithoutOptions',
      message: M.choiceWithoutOptions,
    });
    expect(only(doc([{linkId: 'c', type: 'choice', answerValueSet: '#nope'}]))).toMatchObject({
      path: 'item[0].answerValueSet',
      rule: 'valueSetNotFound',
      message: M.valueSetNotFound('#nope'),
    });
  });

  it('keeps what the widget does not show as notes, and refuses it only on a required item', () => {
    const result = validateQuestionnaire(
      doc([
        {linkId: 'photo', type: 'attachment'},
        {linkId: 'c', type: 'choice'},
        {linkId: 'state', type: 'choice', answerValueSet: 'http://example.org/states'},
        {linkId: 's', type: 'string', repeats: true, prefix: '1.', code: [{code: 'x'}]},
      ]),
    );
    expect(result.valid).toBe(true);
    expect(result.problems.map(({path, rule, severity, message}) => [path, rule, severity, message])).toEqual([
      ['item[0].type', 'notShownType', 'note', M.notShownType('attachment')],
      ['item[1]', 'notShownNoOptions', 'note', M.notShownNoOptions],
      ['item[2].answerValueSet', 'notShownValueSet', 'note', M.notShownValueSet('http://example.org/states')],
      ['item[3]', 'notShownElements', 'note', M.notShownElements(['prefix', 'code'])],
      ['item[3].repeats', 'notShownRepeats', 'note', M.notShownRepeats('string')],
    ]);
    const required = errors(
      doc([
        {linkId: 'photo', type: 'attachment', required: true},
        {linkId: 'state', type: 'choice', required: true, answerValueSet: 'http://example.org/states'},
      ]),
    );
    expect(required.map(({path, linkId, rule, message}) => [path, linkId, rule, message])).toEqual([
      ['item[0].type', 'photo', 'requiredNotShown', M.requiredNotShown('type "attachment"')],
      [
        'item[1].answerValueSet',
        'state',
        'requiredNotShown',
        M.requiredNotShown('options from "http://example.org/states"'),
      ],
    ]);
  });

  it('refuses more items than the limit, and nesting deeper than the limit, once each', () => {
    const many = Array.from({length: QUESTIONNAIRE_LIMITS.items + 5}, (_, i) => yesNo(`q${i}`));
    expect(only(doc(many))).toMatchObject({path: 'item', rule: 'tooManyItems', message: M.tooManyItems});
    expect(M.tooManyItems).toContain('2,000');
    let deep: Record<string, unknown> = yesNo('leaf');
    for (let level = QUESTIONNAIRE_LIMITS.depth; level > 0; level--) {
      deep = {linkId: `g${level}`, type: 'group', item: [deep]};
    }
    const problem = only(doc([deep]));
    expect(problem).toMatchObject({linkId: 'leaf', rule: 'tooDeep', message: M.tooDeep});
    expect(problem.path).toBe(Array.from({length: QUESTIONNAIRE_LIMITS.depth + 1}, () => 'item[0]').join('.'));
  });
});

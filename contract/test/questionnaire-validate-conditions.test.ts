import {describe, expect, it} from 'vitest';
import {QUESTIONNAIRE_MESSAGES as M} from '../src/questionnaire/index.js';
import {doc, errors, only, yesNo} from './questionnaire-documents.js';

describe('validateQuestionnaire: enableWhen', () => {
  const coded = {linkId: 'c', type: 'choice', answerOption: [{valueCoding: {code: 'y'}}]};
  const when = (condition: Record<string, unknown>, more: Record<string, unknown> = {}) =>
    yesNo('dependent', {enableWhen: [condition as never], ...more});

  it('accepts a condition of the right type on an earlier question, for each operator', () => {
    const items = [
      yesNo('b'),
      {linkId: 'n', type: 'integer'},
      {linkId: 'd', type: 'date'},
      coded,
      when({question: 'b', operator: 'exists', answerBoolean: true}),
      when({question: 'b', operator: '=', answerBoolean: true}),
      when({question: 'n', operator: '>', answerInteger: 3}),
      when({question: 'n', operator: '<=', answerDecimal: 3.5}),
      when({question: 'd', operator: '>=', answerDate: '2020-01-01'}),
      when({question: 'c', operator: '!=', answerCoding: {code: 'y'}}),
    ].map((item, index) => ({...item, linkId: `${item.linkId}${index}`}));
    // Each dependent names its question by the renamed linkId.
    const renamed = items.map((item) =>
      'enableWhen' in item && item.enableWhen
        ? {
            ...item,
            enableWhen: item.enableWhen.map((c) => ({...c, question: `${c.question}${'bndc'.indexOf(c.question!)}`})),
          }
        : item,
    );
    expect(errors(doc(renamed))).toEqual([]);
  });

  it('names an unknown, later or answerless question', () => {
    const unknown = only(doc([when({question: 'zz', operator: 'exists', answerBoolean: true})]));
    expect(unknown).toMatchObject({path: 'item[0].enableWhen[0]', linkId: 'dependent', rule: 'enableWhenUnknown'});
    expect(unknown.message).toBe(M.enableWhenUnknown('zz'));
    const later = only(doc([when({question: 'b', operator: '=', answerBoolean: true}), yesNo('b')]));
    expect(later).toMatchObject({rule: 'enableWhenLater', message: M.enableWhenLater('b')});
    const display = {linkId: 'note', type: 'display', text: 'Read this'};
    expect(only(doc([display, when({question: 'note', operator: 'exists', answerBoolean: true})]))).toMatchObject({
      rule: 'enableWhenNoAnswer',
    });
  });

  it('refuses the wrong answer type, an order on a yes/no or a code, a bad operator or answer, exists without a boolean', () => {
    const rules = (condition: Record<string, unknown>, target: Record<string, unknown> = yesNo('b')) =>
      errors(doc([target, when(condition)])).map((problem) => problem.rule);
    expect(rules({question: 'b', operator: '=', answerString: 'yes'})).toEqual(['enableWhenType']);
    expect(errors(doc([yesNo('b'), when({question: 'b', operator: '=', answerString: 'y'})]))[0]!.message).toBe(
      M.enableWhenType('b', 'boolean', ['answerBoolean']),
    );
    expect(rules({question: 'n', operator: '=', answerString: '2'}, {linkId: 'n', type: 'integer'})).toEqual([
      'enableWhenType',
    ]);
    expect(rules({question: 'c', operator: '=', answerString: 'y'}, coded)).toEqual(['enableWhenType']);
    expect(rules({question: 'b', operator: '>', answerBoolean: true})).toEqual(['enableWhenOrder']);
    expect(rules({question: 'c', operator: '<', answerCoding: {code: 'y'}}, coded)).toEqual(['enableWhenOrder']);
    expect(rules({question: 'b', operator: '~', answerBoolean: true})).toEqual(['enableWhenOperator']);
    expect(rules({question: 'b', operator: '='})).toEqual(['enableWhenAnswer']);
    expect(rules({question: 'b', operator: '=', answerBoolean: true, answerString: 'x'})).toEqual(['enableWhenAnswer']);
    expect(rules({question: 'b', operator: 'exists', answerString: 'x'})).toEqual(['enableWhenExists']);
  });

  it('asks for enableBehavior when an item has several conditions', () => {
    const conditions = [
      {question: 'a', operator: '=', answerBoolean: true},
      {question: 'a', operator: 'exists', answerBoolean: true},
    ];
    expect(only(doc([yesNo('a'), yesNo('x', {enableWhen: conditions as never})]))).toMatchObject({
      path: 'item[1].enableBehavior',
      rule: 'enableBehavior',
    });
    expect(errors(doc([yesNo('a'), yesNo('x', {enableWhen: conditions as never, enableBehavior: 'any'})]))).toEqual([]);
  });

  it('finds a cycle, including a group whose condition names its own question', () => {
    const loop = errors(
      doc([
        yesNo('a', {enableWhen: [{question: 'b', operator: 'exists', answerBoolean: true}]}),
        yesNo('b', {enableWhen: [{question: 'a', operator: 'exists', answerBoolean: true}]}),
      ]),
    );
    expect(loop.map((problem) => problem.rule)).toEqual(['enableWhenLater', 'cycle']);
    expect(loop[1]).toMatchObject({path: 'item[0]', linkId: 'a', message: M.cycle(['a', 'b', 'a'])});
    const own = errors(
      doc([
        {
          linkId: 'g',
          type: 'group',
          enableWhen: [{question: 'inner', operator: '=', answerBoolean: true}],
          item: [yesNo('inner')],
        },
      ]),
    );
    expect(own.map((problem) => problem.rule)).toEqual(['enableWhenLater', 'cycle']);
    expect(own[1]!.message).toBe(M.cycle(['g', 'inner', 'g']));
  });
});

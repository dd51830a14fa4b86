import {describe, expect, it} from 'vitest';
import {validateQuestionnaire, type Questionnaire} from '@intakekit/contract/questionnaire/index';
import {questionnaire} from './test-questionnaire';
import {
  buildCondition,
  conditionTargets,
  conditionValue,
  defaultCondition,
  operatorsFor,
  withConditions,
} from './conditions';

const doc: Questionnaire = {
  ...questionnaire(
    {linkId: 'smokes', type: 'boolean', text: 'Do you smoke?'},
    {
      linkId: 'reason',
      type: 'choice',
      text: 'Why?',
      answerOption: [{valueCoding: {code: 'checkup', display: 'Check-up'}}, {valueCoding: {code: 'pain'}}],
    },
    {linkId: 'age', type: 'integer', text: 'Age'},
    {linkId: 'intro', type: 'display', text: 'Next, your medication'},
    {linkId: 'name', type: 'string'},
    {linkId: 'last', type: 'text', text: 'Anything else?'},
  ),
};

const valid = (item: Questionnaire['item']) =>
  validateQuestionnaire({...doc, item: [...(doc.item ?? []).slice(0, 5), ...(item ?? [])]});

describe('conditions built from pickers', () => {
  it('offers the earlier questions only, with operators that fit each type', () => {
    const targets = conditionTargets(doc, 'last');
    expect(targets.map((target) => target.linkId)).toEqual(['smokes', 'reason', 'age', 'name']);
    expect(targets[0]?.label).toBe('Do you smoke? (smokes)');
    expect(targets[3]?.label).toBe('name');
    expect(conditionTargets(doc, 'smokes')).toEqual([]);
    const [smokes, reason, age, name] = targets;
    expect(operatorsFor(smokes!)).toEqual(['exists', '=', '!=']);
    expect(operatorsFor(reason!)).toEqual(['exists', '=', '!=']);
    expect(operatorsFor(age!)).toEqual(['exists', '=', '!=', '>', '<', '>=', '<=']);
    expect(operatorsFor(name!)).toHaveLength(7);
  });

  it('writes the answer[x] the validator expects, and reads its value back', () => {
    const [smokes, reason, age, name] = conditionTargets(doc, 'last');
    const built = [
      buildCondition(smokes!, '=', 'false'),
      buildCondition(reason!, '!=', 'pain'),
      buildCondition(age!, '>=', '18'),
      buildCondition(age!, '>', '1.5'),
      buildCondition(name!, 'exists', 'true'),
      buildCondition(name!, '=', 'Ana'),
    ];
    expect(built).toEqual([
      {question: 'smokes', operator: '=', answerBoolean: false},
      {question: 'reason', operator: '!=', answerCoding: {code: 'pain'}},
      {question: 'age', operator: '>=', answerInteger: 18},
      {question: 'age', operator: '>', answerDecimal: 1.5},
      {question: 'name', operator: 'exists', answerBoolean: true},
      {question: 'name', operator: '=', answerString: 'Ana'},
    ]);
    expect(built.map(conditionValue)).toEqual(['false', 'pain', '18', '1.5', 'true', 'Ana']);
    for (const condition of built) {
      const result = valid([withConditions({linkId: 'last', type: 'text'}, [condition])]);
      expect(result.problems, JSON.stringify(condition)).toEqual([]);
    }
    // A value not typed yet leaves the answer out: the validator says so until it is given.
    expect(buildCondition(age!, '=', '')).toEqual({question: 'age', operator: '='});
    expect(defaultCondition(reason!)).toEqual({
      question: 'reason',
      operator: '=',
      answerCoding: {code: 'checkup', display: 'Check-up'},
    });
    expect(defaultCondition(smokes!)).toEqual({question: 'smokes', operator: '=', answerBoolean: true});
    expect(defaultCondition(name!)).toEqual({question: 'name', operator: 'exists', answerBoolean: true});
  });

  it('keeps enableBehavior only while there are several conditions', () => {
    const [smokes, , age] = conditionTargets(doc, 'last');
    const item = {linkId: 'last', type: 'text' as const};
    const two = withConditions(item, [defaultCondition(smokes!), defaultCondition(age!)]);
    expect(two.enableBehavior).toBe('all');
    expect(withConditions({...two, enableBehavior: 'any'}, two.enableWhen ?? []).enableBehavior).toBe('any');
    expect(withConditions(two, [defaultCondition(smokes!)])).not.toHaveProperty('enableBehavior');
    expect(withConditions(two, [])).toEqual(item);
  });
});

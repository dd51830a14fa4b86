// Small hand-made documents for the validator's tests.
import {expect} from 'vitest';
import {validateQuestionnaire, type QuestionnaireItem, type QuestionnaireProblem} from '../src/questionnaire/index.js';

export const doc = (item: unknown[], extra: Record<string, unknown> = {}) => ({
  resourceType: 'Questionnaire',
  status: 'draft',
  item,
  ...extra,
});

export const yesNo = (linkId: string, more: Partial<QuestionnaireItem> = {}) => ({
  linkId,
  type: 'boolean',
  text: linkId,
  ...more,
});

export const errors = (document: unknown) =>
  validateQuestionnaire(document).problems.filter((problem) => problem.severity === 'error');

/** The one error a document has. */
export const only = (document: unknown): QuestionnaireProblem => {
  const found = errors(document);
  expect(found).toHaveLength(1);
  return found[0]!;
};

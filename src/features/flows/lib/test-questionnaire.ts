// For the tests of this folder: a draft Questionnaire holding these items.
import type {Questionnaire, QuestionnaireItem} from '@intakekit/contract/questionnaire/index';

export const questionnaire = (...item: QuestionnaireItem[]): Questionnaire => ({
  resourceType: 'Questionnaire',
  status: 'draft',
  item,
});

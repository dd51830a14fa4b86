// What the flows routes refuse with, and who may do what, in the words of their OpenAPI entries.
import {InvalidQuestionnaireDetails} from '@intakekit/contract/schemas/flows';

export const FLOW_READ_CODES = ['UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'FLOW_NOT_FOUND'] as const;
export const FLOW_WRITE_CODES = [...FLOW_READ_CODES, 'FORBIDDEN'] as const;
/** 422 with every problem of the document in error.details. */
export const INVALID_QUESTIONNAIRE = {code: 'INVALID_QUESTIONNAIRE', details: InvalidQuestionnaireDetails} as const;
export const ROLES =
  'In a team, only owners and admins may change flows (403 FORBIDDEN for members); every member may read them.';

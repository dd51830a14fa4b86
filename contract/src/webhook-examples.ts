/**
 * An example body of each webhook event, for the OpenAPI document and the guide's "Receive submissions" page. Plain
 * data (no TypeBox), so the guide page shows them without loading the schema builder.
 */
import {QUESTIONNAIRE_RESPONSE_EXAMPLE} from './submissions.js';

const SUBMISSION = {
  submissionId: QUESTIONNAIRE_RESPONSE_EXAMPLE.id,
  environment: 'production',
  flowId: 'new-patient',
  flowVersion: '1',
} as const;
const CREATED_AT = '2026-11-26T14:32:05.000Z';

export const WEBHOOK_EVENT_EXAMPLES = {
  submissionCreatedThin: {type: 'submission.created', timestamp: CREATED_AT, data: SUBMISSION},
  submissionCreatedFull: {
    type: 'submission.created',
    timestamp: CREATED_AT,
    data: {...SUBMISSION, questionnaireResponse: QUESTIONNAIRE_RESPONSE_EXAMPLE},
  },
  submissionDeleted: {
    type: 'submission.deleted',
    timestamp: '2026-11-26T14:35:10.000Z',
    data: {submissionId: SUBMISSION.submissionId, environment: SUBMISSION.environment},
  },
  webhookTest: {
    type: 'webhook.test',
    timestamp: '2026-11-26T14:40:00.000Z',
    data: {endpointId: '0b8e4c1a-6f52-4f0e-9d7b-3c2a1e5f9a10'},
  },
} as const;

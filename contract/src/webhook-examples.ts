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
  keyExpiring: {
    type: 'key.expiring',
    timestamp: '2026-11-26T09:00:00.000Z',
    data: {
      keyId: '5d7c2f3e-91b4-4c0a-8e6f-2a1b3c4d5e6f',
      name: 'Clinic web',
      keyEnding: '9f3KQ2a1',
      environment: 'production',
      expiresAt: '2026-12-03T09:00:00.000Z',
      daysLeft: 7,
    },
  },
  webhookTest: {
    type: 'webhook.test',
    timestamp: '2026-11-26T14:40:00.000Z',
    data: {endpointId: '0b8e4c1a-6f52-4f0e-9d7b-3c2a1e5f9a10'},
  },
} as const;

// Shapes of /api/v1/submissions: a clinic's backend reads and deletes its submissions with a server key. The
// summary and the list's filters are the portal's (submissions-portal.ts); this adds what a backend needs: a time
// filter, a page size, and the FHIR R4 QuestionnaireResponse whole.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {QUESTIONNAIRE_RESPONSE_EXAMPLE, SUBMISSIONS_PAGE_SIZE} from '../submissions.js';
import {Timestamp, Uuid} from './common.js';
import {SubmissionListQuery, SubmissionSummary} from './submissions-portal.js';

/** The most submissions one page of the API answers (`limit`). */
export const SUBMISSIONS_API_PAGE_MAX = 100;

const EXAMPLE_ID = QUESTIONNAIRE_RESPONSE_EXAMPLE.id;
const EXAMPLE_TIME = QUESTIONNAIRE_RESPONSE_EXAMPLE.authored;
const EXAMPLE_SUMMARY: SubmissionSummary = {
  id: EXAMPLE_ID,
  createdAt: EXAMPLE_TIME,
  flowId: 'new-patient',
  flowVersion: '1',
  environment: 'sandbox',
  origin: 'https://clinic.example',
  size: 1184,
};

export const SubmissionsApiQuery = Type.Object({
  ...SubmissionListQuery.properties,
  flowId: Type.Optional({...SubmissionListQuery.properties.flowId, examples: ['new-patient']}),
  since: Type.Optional({
    ...Timestamp,
    description: 'Only submissions made at or after this time',
    examples: ['2026-11-01T00:00:00Z'],
  }),
  limit: Type.Optional(
    Type.String({
      pattern: '^(100|[1-9][0-9]?)$',
      description: `Submissions a page, 1 to ${SUBMISSIONS_API_PAGE_MAX} (default ${SUBMISSIONS_PAGE_SIZE})`,
      examples: ['50'],
    }),
  ),
});
export type SubmissionsApiQuery = Static<typeof SubmissionsApiQuery>;

export const SubmissionsApiListResponse = Type.Object(
  {
    submissions: Type.Array(SubmissionSummary, {maxItems: SUBMISSIONS_API_PAGE_MAX}),
    nextCursor: Type.Union([Type.String(), Type.Null()], {
      description: 'Pass it as cursor for the next, older page; null on the last page.',
    }),
  },
  {examples: [{submissions: [EXAMPLE_SUMMARY], nextCursor: null}]},
);
export type SubmissionsApiListResponse = Static<typeof SubmissionsApiListResponse>;

// FHIR R4's QuestionnaireResponse as the API stores it: the answer types the widget's questions produce.
const Coding = Type.Object({code: Type.String(), display: Type.Optional(Type.String())});
const ItemAnswer = Type.Object({
  valueString: Type.Optional(Type.String()),
  valueBoolean: Type.Optional(Type.Boolean()),
  valueDate: Type.Optional(Type.String({description: 'YYYY-MM-DD'})),
  valueCoding: Type.Optional(Coding),
});
const Item = Type.Object({
  linkId: Type.String({description: "The question's id in its flow."}),
  text: Type.Optional(Type.String({description: 'The question as the patient saw it.'})),
  answer: Type.Optional(Type.Array(ItemAnswer, {description: 'Absent when the question was left unanswered.'})),
});

export const QuestionnaireResponse = Type.Object(
  {
    resourceType: Type.Literal('QuestionnaireResponse'),
    id: Type.String({description: "The submission's id."}),
    questionnaire: Type.String({description: "The flow's Questionnaire canonical URL and its version: url|version."}),
    status: Type.Literal('completed'),
    authored: Timestamp,
    item: Type.Array(Item, {description: "One item per question, in the flow's order."}),
  },
  {description: 'A FHIR R4 QuestionnaireResponse.'},
);

export {QUESTIONNAIRE_RESPONSE_EXAMPLE};

/** The id of one submission: another owner's, or another environment's, is not found. */
export const SubmissionsApiIdParams = Type.Object({id: {...Uuid, examples: [EXAMPLE_ID]}});

// Answered in two media types, whose examples the route gives beside each schema.
export const SubmissionsApiResponse = Type.Object({
  submission: Type.Object({...SubmissionSummary.properties, questionnaireResponse: QuestionnaireResponse}),
});
export const SUBMISSION_EXAMPLE = {
  submission: {...EXAMPLE_SUMMARY, questionnaireResponse: QUESTIONNAIRE_RESPONSE_EXAMPLE},
};
export type SubmissionsApiResponse = Static<typeof SubmissionsApiResponse>;

/** The media type that asks GET /api/v1/submissions/{id} for the bare resource. */
export const FHIR_JSON = 'application/fhir+json';

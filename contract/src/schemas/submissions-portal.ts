// Shapes of /api/submissions: the portal's Submissions page, for a signed-in member of the team that owns them.
// Lists carry metadata only; the answers come one submission at a time, and a production submission's only to
// owners and admins.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {KEY_TYPES} from '../api-keys.js';
import {RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, SUBMISSIONS_PAGE_SIZE} from '../submissions.js';
import {literalUnion, Timestamp, Uuid} from './common.js';

const EXAMPLE_ID = '3f1c9a52-8d7e-4b61-9a0f-2c5e7d4b8a16';
const EXAMPLE_TIME = '2026-11-26T14:32:05.000Z';

export const SubmissionEnvironment = literalUnion(KEY_TYPES, {
  description: 'The environment of the key the widget used: sandbox or production',
});

export const SubmissionSummary = Type.Object({
  id: Uuid,
  createdAt: Timestamp,
  flowId: Type.String(),
  flowVersion: Type.String(),
  environment: SubmissionEnvironment,
  /** The page the patient answered on, as its browser named it (null when it named none). */
  origin: Type.Union([Type.String(), Type.Null()]),
  /** Bytes of the stored QuestionnaireResponse. */
  size: Type.Integer({minimum: 0}),
});
export type SubmissionSummary = Static<typeof SubmissionSummary>;

const EXAMPLE_SUMMARY: SubmissionSummary = {
  id: EXAMPLE_ID,
  createdAt: EXAMPLE_TIME,
  flowId: 'new-patient',
  flowVersion: '1',
  environment: 'production',
  origin: 'https://clinic.example',
  size: 1184,
};

export const SubmissionListQuery = Type.Object({
  flowId: Type.Optional(
    Type.String({minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Only this flow'}),
  ),
  environment: Type.Optional(SubmissionEnvironment),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[A-Za-z0-9_-]+$',
      description: "The previous page's nextCursor",
    }),
  ),
});
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

export const SubmissionListResponse = Type.Object(
  {
    submissions: Type.Array(SubmissionSummary, {maxItems: SUBMISSIONS_PAGE_SIZE}),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  {examples: [{submissions: [EXAMPLE_SUMMARY], nextCursor: null}]},
);
export type SubmissionListResponse = Static<typeof SubmissionListResponse>;

export const SubmissionIdParams = Type.Object({id: Uuid});
export type SubmissionIdParams = Static<typeof SubmissionIdParams>;

/** One question as the patient saw it, and the answer in words (null when left unanswered). */
export const SubmissionAnswer = Type.Object({
  questionId: Type.String(),
  question: Type.String(),
  answer: Type.Union([Type.String(), Type.Null()]),
});
export type SubmissionAnswer = Static<typeof SubmissionAnswer>;

// The stored FHIR R4 resource, whole: only its type is pinned here (the API writes it, nothing is removed).
const QuestionnaireResponseBody = Type.Object(
  {resourceType: Type.Literal('QuestionnaireResponse')},
  {additionalProperties: true, description: 'The stored FHIR R4 QuestionnaireResponse'},
);

export const SubmissionDetailResponse = Type.Object(
  {
    submission: SubmissionSummary,
    answers: Type.Array(SubmissionAnswer),
    questionnaireResponse: QuestionnaireResponseBody,
  },
  {
    examples: [
      {
        submission: EXAMPLE_SUMMARY,
        answers: [{questionId: 'allergies', question: 'Do you have any known allergies?', answer: 'No'}],
        questionnaireResponse: {
          resourceType: 'QuestionnaireResponse',
          id: EXAMPLE_ID,
          status: 'completed',
          authored: EXAMPLE_TIME,
          item: [{linkId: 'allergies', text: 'Do you have any known allergies?', answer: [{valueBoolean: false}]}],
        },
      },
    ],
  },
);
export type SubmissionDetailResponse = Static<typeof SubmissionDetailResponse>;

export const RetentionDays = Type.Integer({
  minimum: RETENTION_DAYS_MIN,
  maximum: RETENTION_DAYS_MAX,
  description: `Days a submission is kept, ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}`,
});

export const RetentionResponse = Type.Object(
  {
    retention: Type.Object({sandbox: RetentionDays, production: RetentionDays}),
    /** Owners and admins (and a user without a team) change it; other members read it. */
    canChange: Type.Boolean(),
  },
  {examples: [{retention: {sandbox: 7, production: 30}, canChange: true}]},
);
export type RetentionResponse = Static<typeof RetentionResponse>;

export const RetentionBody = Type.Object(
  {environment: SubmissionEnvironment, days: RetentionDays},
  {examples: [{environment: 'production', days: 14}]},
);
export type RetentionBody = Static<typeof RetentionBody>;

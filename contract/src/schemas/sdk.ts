// Shapes of the SDK's calls (POST /api/sdk/sessions and POST /api/sdk/submissions), built from the lists of
// flows.ts so the SDK, the sample flow and these schemas agree by construction.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {ANSWER_TEXT_MAX_LENGTH, exampleAnswers} from '../answers.js';
import {FLOWS} from '../flow-catalogue.js';
import {ENVIRONMENTS, QUESTION_TYPES, type FlowQuestion} from '../flows.js';
import {Timestamp, literalUnion, type Agrees, type Same} from './common.js';

export const Environment = literalUnion(ENVIRONMENTS, {
  description: 'sandbox, dev and test take a sandbox key; pro takes a production key',
});

const OptionBody = Type.Object({
  label: Type.String(),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
});

export const FlowQuestionBody = Type.Object({
  id: Type.String(),
  question: Type.String(),
  type: literalUnion(QUESTION_TYPES),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(OptionBody)),
});
export type FlowQuestionAgrees = Agrees<Same<Static<typeof FlowQuestionBody>, FlowQuestion>>;

/** The most questions a page may give the widget in place of the flow's. */
export const INLINE_QUESTIONS_MAX = 200;

const InlineQuestions = Type.Array(FlowQuestionBody, {
  minItems: 1,
  maxItems: INLINE_QUESTIONS_MAX,
  description:
    "The questions the page gave the widget in place of the flow's own (its config's questions), as the widget will send them with the answers.",
});

export const SessionBody = Type.Object({
  flowId: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: '^[A-Za-z0-9_.:-]+$',
    description:
      "The id of one of your team's published flows, or of a built-in flow such as new-patient: letters, digits, _ . : and - only.",
  }),
  env: Type.Optional(Environment),
  questions: Type.Optional(InlineQuestions),
  flowVersion: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      description:
        "A published version of one of your team's flows to serve instead of its latest (the Flows page lists each version). Built-in flows have one version each.",
    }),
  ),
  preview: Type.Optional(
    Type.Boolean({
      description:
        'With a sandbox key only: serve the team flow\'s saved draft (flowVersion "draft"), as the Flows page\'s live preview does; its submission is a sandbox submission of version draft.',
    }),
  ),
});
export type SessionBody = Static<typeof SessionBody>;

/** How long a session token lets its answers be submitted. */
export const SESSION_TOKEN_TTL_HOURS = 24;

export const SessionResponse = Type.Object({
  sessionId: Type.String({format: 'uuid'}),
  sessionToken: Type.String({
    description: `Signed by the API: the key, flow, environment, origin and session it was made for, for ${SESSION_TOKEN_TTL_HOURS} hours. The widget sends it with the answers.`,
  }),
  flowId: Type.String(),
  flowVersion: Type.String({
    description:
      "The version of the flow served: a team flow's published version number, or a built-in flow's version.",
  }),
  env: Environment,
  questions: Type.Array(FlowQuestionBody, {
    description:
      "A built-in flow's questions (or the page's own); empty for a team flow, which comes as questionnaire.",
  }),
  questionnaire: Type.Optional(
    Type.Object(
      {resourceType: Type.Literal('Questionnaire')},
      {
        additionalProperties: true,
        description:
          "A team flow's published version as a FHIR R4 Questionnaire, with only what the widget shows (contract questionnaire/widget-view.ts): answered with FHIR answers keyed by linkId.",
      },
    ),
  ),
});
export type SessionResponse = Static<typeof SessionResponse>;

/**
 * The largest submit body, in bytes: an intake of twenty text answers of ANSWER_TEXT_MAX_LENGTH characters with
 * their questions fits (about 205 kB of JSON); more is refused with 413 before it is parsed.
 */
export const SUBMISSION_BODY_MAX_BYTES = 256 * 1024;

const OptionValueBody = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

const CodingBody = Type.Object(
  {
    system: Type.Optional(Type.String({maxLength: 1024})),
    code: Type.String({minLength: 1, maxLength: 1024}),
    display: Type.Optional(Type.String({maxLength: 1024})),
  },
  {additionalProperties: false},
);

/** One FHIR answer of a team flow's question: exactly one value[x], as a QuestionnaireResponse item holds it. */
export const QuestionnaireAnswerBody = Type.Union([
  Type.Object({valueBoolean: Type.Boolean()}, {additionalProperties: false}),
  Type.Object({valueDecimal: Type.Number()}, {additionalProperties: false}),
  Type.Object({valueInteger: Type.Integer()}, {additionalProperties: false}),
  Type.Object({valueDate: Type.String({maxLength: 10})}, {additionalProperties: false}),
  Type.Object({valueDateTime: Type.String({maxLength: 40})}, {additionalProperties: false}),
  Type.Object({valueTime: Type.String({maxLength: 16})}, {additionalProperties: false}),
  Type.Object({valueString: Type.String({maxLength: ANSWER_TEXT_MAX_LENGTH})}, {additionalProperties: false}),
  Type.Object({valueCoding: CodingBody}, {additionalProperties: false}),
]);
export type QuestionnaireAnswerBody = Static<typeof QuestionnaireAnswerBody>;

const SESSION_TOKEN_EXAMPLE =
  'v1.eyJrIjoiOWI1ZjQ1ZTItM2M0Ny00ZjE4LWE1ZjMtMWE3YzJjNmQ4ZTAxIiwiZiI6Im5ldy1wYXRpZW50In0.q1W8n3YbA0dX4cS2pQk7Lr9tVh6uJmEeZf5gNwBo2yI';

export const SubmissionBody = Type.Object(
  {
    sessionToken: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'The sessionToken of the POST /api/sdk/sessions answer the questions came with.',
    }),
    answers: Type.Record(
      Type.String(),
      Type.Union([OptionValueBody, Type.Array(OptionValueBody), Type.Null(), Type.Array(QuestionnaireAnswerBody)]),
      {
        description: `For a built-in flow (or the page's questions), answers keyed by question id: an option value (singleChoice, yesNo), a list of option values (multiChoice), text of at most ${ANSWER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters (text), a date YYYY-MM-DD (date), or null for an optional question left unanswered. For a team flow (a session answered with questionnaire), each shown question's FHIR answers keyed by linkId, as its QuestionnaireResponse item holds them: [{"valueCoding": {...}}], [{"valueInteger": 3}], [] when left unanswered.`,
      },
    ),
    questions: Type.Optional(InlineQuestions),
  },
  {
    examples: [{sessionToken: SESSION_TOKEN_EXAMPLE, answers: exampleAnswers(FLOWS[0]!)}],
  },
);
export type SubmissionBody = Static<typeof SubmissionBody>;

export const SubmissionResponse = Type.Object(
  {
    submissionId: Type.String({format: 'uuid'}),
    receivedAt: Timestamp,
  },
  {examples: [{submissionId: '5d0c7a8e-2f4b-4d7e-9a51-3b6f0e2c9d14', receivedAt: '2026-01-15T09:10:00.000Z'}]},
);
export type SubmissionResponse = Static<typeof SubmissionResponse>;

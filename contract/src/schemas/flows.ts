// Shapes of /api/flows/*: a team's own flows (FHIR R4 Questionnaires), their draft and published versions.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {FLOWS} from '../flow-catalogue.js';
import {QUESTIONNAIRE_LIMITS} from '../questionnaire/limits.js';
import {
  FLOW_ID_MAX_LENGTH,
  FLOW_ID_PATTERN,
  FLOW_NOTE_MAX_LENGTH,
  FLOW_NOTE_PATTERN,
  FLOW_STATUSES,
} from '../team-flows.js';
import {Timestamp, literalUnion} from './common.js';

const EXAMPLE_QUESTIONNAIRE = {
  resourceType: 'Questionnaire',
  status: 'draft',
  title: 'Allergy intake',
  item: [
    {linkId: 'hasAllergies', type: 'boolean', text: 'Do you have any allergies?', required: true},
    {
      linkId: 'allergies',
      type: 'text',
      text: 'Which ones?',
      enableWhen: [{question: 'hasAllergies', operator: '=', answerBoolean: true}],
    },
  ],
};
const EXAMPLE_PERSON = {name: 'Dana Reyes', email: 'dana@example-clinic.com'};
const EXAMPLE_VERSION = {
  number: 2,
  publishedAt: '2026-11-26T14:32:05.000Z',
  publishedBy: EXAMPLE_PERSON,
  note: 'Asks which allergies only after a yes.',
};
const EXAMPLE_SUMMARY = {
  flowId: 'allergy-intake',
  title: 'Allergy intake',
  status: 'published',
  latestVersion: 2,
  publishedAt: EXAMPLE_VERSION.publishedAt,
  hasUnpublishedChanges: false,
  sessionsLast7Days: 41,
  updatedAt: EXAMPLE_VERSION.publishedAt,
};
const EXAMPLE_DETAIL = {
  ...EXAMPLE_SUMMARY,
  draft: EXAMPLE_QUESTIONNAIRE,
  draftUpdatedAt: '2026-11-26T14:30:12.000Z',
  draftUpdatedBy: EXAMPLE_PERSON,
  versions: [EXAMPLE_VERSION, {...EXAMPLE_VERSION, number: 1, note: 'First version.'}],
};

export const FlowIdSchema = Type.String({
  minLength: 1,
  maxLength: FLOW_ID_MAX_LENGTH,
  pattern: FLOW_ID_PATTERN,
  description:
    "What init({flowId}) names: 1 to 64 characters, lower-case letters, digits and _ . : - only, starting with a letter or digit; unique within the team, and never a built-in flow's id.",
  examples: ['allergy-intake'],
});

/** A FHIR R4 Questionnaire, as written: the validator (contract questionnaire/validate.ts) reads it, not the schema. */
export const QuestionnaireDocument = Type.Object(
  {},
  {
    additionalProperties: true,
    description: `A FHIR R4 Questionnaire (resourceType "Questionnaire"), kept whole as it was written. At most ${QUESTIONNAIRE_LIMITS.items.toLocaleString('en-US')} items, nested at most ${QUESTIONNAIRE_LIMITS.depth} levels; what the widget cannot show is kept and listed as a note.`,
    examples: [EXAMPLE_QUESTIONNAIRE],
  },
);

const Person = Type.Union(
  [Type.Object({name: Type.Union([Type.String(), Type.Null()]), email: Type.String()}), Type.Null()],
  {
    description: 'Who did it; null once their account is deleted.',
  },
);

export const QuestionnaireProblemBody = Type.Object({
  path: Type.String({description: 'Where in the document: item[2].item[0].answerOption[1]; empty for the document.'}),
  linkId: Type.Optional(Type.String()),
  rule: Type.String({description: 'The rule broken, such as duplicateLinkId or enableWhenLater.'}),
  severity: literalUnion(['error', 'note'] as const, {
    description: 'An error refuses the document; a note only tells what is kept but not shown by the widget.',
  }),
  message: Type.String(),
});
export type QuestionnaireProblemBody = Static<typeof QuestionnaireProblemBody>;

/** error.details of 422 INVALID_QUESTIONNAIRE: every problem, errors and notes. */
export const InvalidQuestionnaireDetails = Type.Object({problems: Type.Array(QuestionnaireProblemBody)});
export type InvalidQuestionnaireDetails = Static<typeof InvalidQuestionnaireDetails>;

export const FlowVersionSummary = Type.Object({
  number: Type.Integer({minimum: 1}),
  publishedAt: Timestamp,
  publishedBy: Person,
  note: Type.String(),
});
export type FlowVersionSummary = Static<typeof FlowVersionSummary>;

export const FlowSummary = Type.Object({
  flowId: Type.String(),
  title: Type.String({description: "The Questionnaire's title, or the flow id without one."}),
  status: literalUnion(FLOW_STATUSES, {
    description: 'draft: never published; published: serves its latest version; archived: serves no new session.',
  }),
  latestVersion: Type.Union([Type.Integer({minimum: 1}), Type.Null()]),
  publishedAt: Type.Union([Timestamp, Type.Null()], {description: 'When the latest version was published.'}),
  hasUnpublishedChanges: Type.Boolean({description: 'The draft differs from the latest version (or none exists).'}),
  sessionsLast7Days: Type.Integer({minimum: 0, description: 'Widget sessions started in the last 7 days.'}),
  updatedAt: Timestamp,
});
export type FlowSummary = Static<typeof FlowSummary>;

export const FlowDetail = Type.Object({
  ...FlowSummary.properties,
  draft: QuestionnaireDocument,
  draftUpdatedAt: Timestamp,
  draftUpdatedBy: Person,
  versions: Type.Array(FlowVersionSummary, {description: 'Newest first.'}),
});
export type FlowDetail = Static<typeof FlowDetail>;

export const BuiltInFlowBody = Type.Object({id: Type.String(), name: Type.String(), version: Type.String()});

export const FlowListResponse = Type.Object(
  {
    flows: Type.Array(FlowSummary, {description: 'By id.'}),
    builtIn: Type.Array(BuiltInFlowBody, {description: 'The built-in flows every key may name.'}),
  },
  {
    examples: [{flows: [EXAMPLE_SUMMARY], builtIn: FLOWS.map(({id, name, version}) => ({id, name, version}))}],
  },
);
export type FlowListResponse = Static<typeof FlowListResponse>;

export const FlowIdParams = Type.Object({flowId: FlowIdSchema});

export const FlowVersionParams = Type.Object({
  flowId: FlowIdSchema,
  number: Type.String({pattern: '^[1-9][0-9]{0,6}$', description: 'A version number: 1, 2, ...', examples: ['2']}),
});

export const NewFlowBody = Type.Object(
  {
    flowId: FlowIdSchema,
    template: Type.Optional(
      literalUnion(FLOWS.map((flow) => flow.id) as unknown as readonly [string, ...string[]], {
        description: 'A built-in flow to start from, turned into a Questionnaire. Send template or questionnaire.',
      }),
    ),
    questionnaire: Type.Optional(QuestionnaireDocument),
  },
  {
    examples: [
      {flowId: 'allergy-intake', questionnaire: EXAMPLE_QUESTIONNAIRE},
      {flowId: 'clinic-new-patient', template: 'new-patient'},
    ],
  },
);
export type NewFlowBody = Static<typeof NewFlowBody>;

const Problems = Type.Array(QuestionnaireProblemBody, {
  description: "The document's notes: what is kept but not shown by the widget (a saved document has no error).",
});

export const FlowResponse = Type.Object({flow: FlowDetail}, {examples: [{flow: EXAMPLE_DETAIL}]});
export type FlowResponse = Static<typeof FlowResponse>;

export const FlowSavedResponse = Type.Object(
  {flow: FlowDetail, problems: Problems},
  {examples: [{flow: EXAMPLE_DETAIL, problems: []}]},
);
export type FlowSavedResponse = Static<typeof FlowSavedResponse>;

export const FlowDraftBody = Type.Object(
  {questionnaire: QuestionnaireDocument},
  {examples: [{questionnaire: EXAMPLE_QUESTIONNAIRE}]},
);
export type FlowDraftBody = Static<typeof FlowDraftBody>;

export const PublishFlowBody = Type.Object(
  {
    note: Type.Optional(
      Type.String({
        maxLength: FLOW_NOTE_MAX_LENGTH,
        pattern: FLOW_NOTE_PATTERN,
        description: `What changed, for the team: at most ${FLOW_NOTE_MAX_LENGTH} characters.`,
      }),
    ),
  },
  {examples: [{note: EXAMPLE_VERSION.note}]},
);
export type PublishFlowBody = Static<typeof PublishFlowBody>;

export const FlowVersionResponse = Type.Object({version: FlowVersionSummary}, {examples: [{version: EXAMPLE_VERSION}]});
export type FlowVersionResponse = Static<typeof FlowVersionResponse>;

export const FlowVersionDocumentResponse = Type.Object(
  {version: Type.Object({...FlowVersionSummary.properties, questionnaire: QuestionnaireDocument})},
  {examples: [{version: {...EXAMPLE_VERSION, questionnaire: EXAMPLE_QUESTIONNAIRE}}]},
);
export type FlowVersionDocumentResponse = Static<typeof FlowVersionDocumentResponse>;

export const FlowExportQuery = Type.Object({
  version: Type.Optional(
    Type.String({
      pattern: '^(draft|[1-9][0-9]{0,6})$',
      description: 'A version number, or draft (the default): the saved draft.',
      examples: ['2'],
    }),
  ),
});
export type FlowExportQuery = Static<typeof FlowExportQuery>;

/** The export's example: a published version as it leaves the API. */
export const FLOW_EXPORT_EXAMPLE = {
  ...EXAMPLE_QUESTIONNAIRE,
  url: 'https://portal.example.com/fhir/Questionnaire/allergy-intake',
  version: '2',
  status: 'active',
};

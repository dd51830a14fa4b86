// /api/flows: a team's own intake flows (FHIR R4 Questionnaires): the list, a new flow from a built-in template or
// an imported document, one flow with its draft and versions, the draft's save, and deleting a flow never published.
import type {FastifyInstance} from 'fastify';
import type {Config} from '../../config.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  FlowDraftBody,
  FlowIdParams,
  FlowListResponse,
  FlowResponse,
  FlowSavedResponse,
  NewFlowBody,
} from '@intakekit/contract/schemas/flows';
import {FLOW_DOCUMENT_MAX_BYTES} from '@intakekit/contract/questionnaire/limits';
import {createFlow, deleteFlow, listTeamFlows, saveDraft, showFlow, type FlowsContext} from '../../services/flows.js';
import {flowTarget} from '../../services/flow-bodies.js';
import type {ValidationCodes} from '../../plugins/errors.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';
import {FLOW_READ_CODES, FLOW_WRITE_CODES, INVALID_QUESTIONNAIRE, ROLES} from './refusals.js';
import {flowVersionRoutes} from './versions.js';

const DOCUMENT = `The document is checked by the validator the Flows page's editor runs (contract questionnaire/validate.ts): any error answers 422 INVALID_QUESTIONNAIRE with every problem (path, linkId, rule, severity, message) in error.details.problems, and nothing is saved; notes (what the widget does not show) come back as problems. At most ${FLOW_DOCUMENT_MAX_BYTES / 1024 / 1024} MiB of JSON (413 PAYLOAD_TOO_LARGE). Texts are stored as written and always shown as text, never as HTML.`;
const CREATE_CODES: ValidationCodes = {invalid: {flowId: 'INVALID_FLOW_ID', template: 'INVALID_FLOW'}};

export async function flowRoutes(app: FastifyInstance, {config}: {config: Config}) {
  const ctx: FlowsContext = {db: app.db, config};
  const {routes, teamRoute} = teamRouteGroup(app, 'flows');
  flowVersionRoutes(app, ctx);

  routes.get(
    '/api/flows',
    teamRoute({
      summary: "The flows of the user's team (or of the user without a team), beside the built-in ones",
      description:
        'Every member may list them: each with its status, latest version, whether the draft has unpublished changes, and its widget sessions in the last 7 days.',
      response: {200: FlowListResponse, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM')},
    }),
    async (request) => listTeamFlows(ctx, currentUser(request)),
  );

  routes.post(
    '/api/flows',
    teamRoute(
      {
        summary: 'Create a flow from a built-in template or an imported Questionnaire',
        description: `Send flowId with either template (a built-in flow's id, turned into a Questionnaire) or questionnaire (a FHIR R4 Questionnaire, as a file or a paste on the Flows page). The new flow has a draft and no version: publish it to serve it. The id is the team's own: another of its flows' or a built-in flow's id is refused. ${DOCUMENT} ${ROLES}`,
        body: NewFlowBody,
        response: {
          201: FlowSavedResponse,
          ...errorResponses(
            'UNAUTHORIZED',
            'TWO_FACTOR_REQUIRED_BY_TEAM',
            'FORBIDDEN',
            'INVALID_FLOW_ID',
            'INVALID_FLOW',
            'FLOW_ID_BUILT_IN',
            'FLOW_ID_TAKEN',
            'FLOW_LIMIT_REACHED',
            INVALID_QUESTIONNAIRE,
          ),
        },
      },
      {
        bodyLimit: FLOW_DOCUMENT_MAX_BYTES,
        config: {validationCodes: CREATE_CODES},
      },
    ),
    async (request, reply) => {
      const saved = await createFlow(ctx, currentUser(request), request.body);
      await app.recordActivity(request, 'flow.created', {target: flowTarget(saved.flow)});
      return reply.code(201).send(saved);
    },
  );

  routes.get(
    '/api/flows/:flowId',
    teamRoute({
      summary: 'One flow: its draft Questionnaire and its published versions, newest first',
      description: "Every member may read it. Another team's flow, or a built-in flow's id: 404 FLOW_NOT_FOUND.",
      params: FlowIdParams,
      response: {200: FlowResponse, ...errorResponses(...FLOW_READ_CODES)},
    }),
    async (request) => ({flow: await showFlow(ctx, currentUser(request), request.params.flowId)}),
  );

  routes.put(
    '/api/flows/:flowId/draft',
    teamRoute(
      {
        summary: "Save the flow's draft (the whole Questionnaire)",
        description: `The published versions do not change; publish to serve the draft. Not logged in the activity log (the editor saves as one types). An archived flow is restored first (409 FLOW_ARCHIVED). ${DOCUMENT} ${ROLES}`,
        params: FlowIdParams,
        body: FlowDraftBody,
        response: {
          200: FlowSavedResponse,
          ...errorResponses(...FLOW_WRITE_CODES, 'FLOW_ARCHIVED', INVALID_QUESTIONNAIRE),
        },
      },
      {
        bodyLimit: FLOW_DOCUMENT_MAX_BYTES,
      },
    ),
    async (request) => saveDraft(ctx, currentUser(request), request.params.flowId, request.body.questionnaire),
  );

  routes.delete(
    '/api/flows/:flowId',
    teamRoute({
      summary: 'Delete a flow never published',
      description: `204 with no body. A published flow is archived instead (409 FLOW_PUBLISHED), so every submission keeps the version it answered. ${ROLES}`,
      params: FlowIdParams,
      response: {
        204: {type: 'null', description: 'Deleted.'},
        ...errorResponses(...FLOW_WRITE_CODES, 'FLOW_PUBLISHED'),
      },
    }),
    async (request, reply) => {
      const flow = await deleteFlow(ctx, currentUser(request), request.params.flowId);
      await app.recordActivity(request, 'flow.deleted', {target: flowTarget(flow)});
      return reply.code(204).send(null);
    },
  );
}

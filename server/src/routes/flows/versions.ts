// /api/flows/:flowId/...: publishing the draft as a frozen version, reading a version, the export as FHIR JSON,
// and archiving and restoring a flow.
import type {FastifyInstance} from 'fastify';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  FLOW_EXPORT_EXAMPLE,
  FlowExportQuery,
  FlowIdParams,
  FlowResponse,
  FlowVersionDocumentResponse,
  FlowVersionParams,
  FlowVersionResponse,
  PublishFlowBody,
  QuestionnaireDocument,
} from '@intakekit/contract/schemas/flows';
import {FHIR_JSON} from '@intakekit/contract/schemas/submissions';
import {publishFlow, setArchived, type FlowsContext} from '../../services/flows.js';
import {exportFlow, showVersion} from '../../services/flow-versions.js';
import {flowTarget} from '../../services/flow-bodies.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';
import {FLOW_READ_CODES, FLOW_WRITE_CODES, INVALID_QUESTIONNAIRE, ROLES} from './refusals.js';

export function flowVersionRoutes(app: FastifyInstance, ctx: FlowsContext) {
  const {routes, teamRoute} = teamRouteGroup(app, 'flows');

  routes.post(
    '/api/flows/:flowId/publish',
    teamRoute(
      {
        summary: 'Publish the draft as the next version, with a note',
        description: `The version is frozen (its number, date, who published it, the note and the document) and the SDK serves it at once as the flow's latest; a page may pin an earlier one with flowVersion. Nothing changed since the latest version: 409 FLOW_UNCHANGED. An archived flow: 409 FLOW_ARCHIVED. ${ROLES}`,
        params: FlowIdParams,
        body: PublishFlowBody,
        response: {
          201: FlowVersionResponse,
          ...errorResponses(
            ...FLOW_WRITE_CODES,
            'INVALID_FLOW_NOTE',
            'FLOW_UNCHANGED',
            'FLOW_ARCHIVED',
            INVALID_QUESTIONNAIRE,
          ),
        },
      },
      {
        config: {validationCodes: {invalid: {note: 'INVALID_FLOW_NOTE'}}},
      },
    ),
    async (request, reply) => {
      const {flow, version} = await publishFlow(
        ctx,
        currentUser(request),
        request.params.flowId,
        request.body.note ?? '',
      );
      await app.recordActivity(request, 'flow.published', {target: flowTarget(flow, version.number)});
      return reply.code(201).send({version});
    },
  );

  routes.get(
    '/api/flows/:flowId/versions/:number',
    teamRoute({
      summary: 'One published version with its Questionnaire',
      description: 'Every member may read it, as the Flows page compares two versions.',
      params: FlowVersionParams,
      response: {200: FlowVersionDocumentResponse, ...errorResponses(...FLOW_READ_CODES, 'FLOW_VERSION_NOT_FOUND')},
    }),
    async (request) => ({
      version: await showVersion(ctx, currentUser(request), request.params.flowId, Number(request.params.number)),
    }),
  );

  routes.get(
    '/api/flows/:flowId/export',
    teamRoute({
      summary: 'Export the draft or a version as a FHIR R4 Questionnaire file',
      description: `As ${FHIR_JSON}, with Content-Disposition: attachment; filename="<flowId>-v<N>.json" (the draft: "<flowId>-draft.json"). url is the flow's canonical URL under the portal's address; a version carries its number as version and status active, the draft no version and status draft. Every element of the document is kept, in FHIR's order.`,
      params: FlowIdParams,
      querystring: FlowExportQuery,
      response: {
        200: {content: {[FHIR_JSON]: {schema: QuestionnaireDocument, example: FLOW_EXPORT_EXAMPLE}}},
        ...errorResponses(...FLOW_READ_CODES, 'FLOW_VERSION_NOT_FOUND'),
      },
    }),
    async (request, reply) => {
      const version = request.query.version === undefined ? 'draft' : request.query.version;
      const target = version === 'draft' ? 'draft' : Number(version);
      const {document, filename} = await exportFlow(ctx, currentUser(request), request.params.flowId, target);
      return reply.type(FHIR_JSON).header('content-disposition', `attachment; filename="${filename}"`).send(document);
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    routes.post(
      `/api/flows/:flowId/${action}`,
      teamRoute({
        summary: archived ? 'Archive a flow: it serves no new session' : 'Restore an archived flow',
        description: archived
          ? `Its versions are kept and stay readable; submissions keep the version they answered; it stays listed as archived. Archiving an archived flow changes nothing. ${ROLES}`
          : `It serves its latest version again, and its draft may change. Restoring a flow that is not archived changes nothing. ${ROLES}`,
        params: FlowIdParams,
        response: {200: FlowResponse, ...errorResponses(...FLOW_WRITE_CODES)},
      }),
      async (request) => {
        const {flow, changed} = await setArchived(ctx, currentUser(request), request.params.flowId, archived);
        if (changed) {
          await app.recordActivity(request, archived ? 'flow.archived' : 'flow.restored', {
            target: flowTarget(flow),
          });
        }
        return {flow};
      },
    );
  }
}

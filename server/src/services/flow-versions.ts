// A team flow's published versions as the Flows page reads and compares them, and a flow's export as a FHIR R4
// Questionnaire file.
import type {Questionnaire} from '@medplum/fhirtypes';
import {ApiError} from '../errors.js';
import {exportedQuestionnaire, questionnaireInFhirOrder} from '@intakekit/contract/questionnaire/export';
import type {FlowVersionDocumentResponse} from '@intakekit/contract/schemas/flows';
import {findFlowVersion} from '../repositories/flow-versions-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {flowQuestionnaireUrl} from '../lib/fhir/questionnaire-response.js';
import {ownerOf} from './api-key-bodies.js';
import {toVersionSummary} from './flow-bodies.js';
import {ownedFlow, type FlowsContext} from './flows.js';

async function version(ctx: FlowsContext, user: UserWithTeam, flowId: string, number: number) {
  const owner = ownerOf(user);
  const found = await findFlowVersion(ctx.db, owner, flowId, number);
  if (found) return found;
  // No such flow is FLOW_NOT_FOUND; a flow without this version, FLOW_VERSION_NOT_FOUND.
  await ownedFlow(ctx.db, owner, flowId);
  throw new ApiError('FLOW_VERSION_NOT_FOUND');
}

export async function showVersion(
  ctx: FlowsContext,
  user: UserWithTeam,
  flowId: string,
  number: number,
): Promise<FlowVersionDocumentResponse['version']> {
  const found = await version(ctx, user, flowId, number);
  const questionnaire = questionnaireInFhirOrder(
    found.document,
  ) as FlowVersionDocumentResponse['version']['questionnaire'];
  return {...toVersionSummary(found), questionnaire};
}

/** The draft or a version as its file: the flow's canonical url, the version and status, and the file's name. */
export async function exportFlow(
  ctx: FlowsContext,
  user: UserWithTeam,
  flowId: string,
  target: number | 'draft',
): Promise<{document: Questionnaire; filename: string}> {
  const document =
    target === 'draft'
      ? (await ownedFlow(ctx.db, ownerOf(user), flowId)).draft
      : (await version(ctx, user, flowId, target)).document;
  const url = flowQuestionnaireUrl(ctx.config.portalUrl, flowId);
  return {
    document: exportedQuestionnaire(document, {url, version: target}),
    filename: `${flowId}-${target === 'draft' ? 'draft' : `v${target}`}.json`,
  };
}

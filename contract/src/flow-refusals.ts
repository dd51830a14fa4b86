/**
 * INVALID_FLOW's message for POST /api/sdk/sessions: why the flow asked for serves no session, and the ids that do
 * (the team's published flows, then the built-in ones).
 */
import {FLOWS} from './flow-catalogue.js';

/** Why a session's flow was refused, beyond an id that names none: a team flow that serves no session. */
export type FlowRefusal =
  {kind: 'unknown'} | {kind: 'archived'} | {kind: 'unpublished'} | {kind: 'noVersion'; version: number; latest: number};

/** How many of a team's flows INVALID_FLOW names (beside the built-in ones); the rest are counted. */
const TEAM_FLOWS_NAMED = 5;

/** An id a page sent, shortened, so a page cannot fill the error with its text. */
const shownId = (flowId: string) => (flowId.length > 64 ? `${flowId.slice(0, 64)}…` : flowId);

function refusalSentence(flowId: string, refusal: FlowRefusal): string {
  const id = shownId(flowId);
  switch (refusal.kind) {
    case 'unknown':
      return `There is no flow "${id}".`;
    case 'archived':
      return `The flow "${id}" is archived: it serves no new sessions.`;
    case 'unpublished':
      return `The flow "${id}" has no published version yet.`;
    case 'noVersion':
      return `The flow "${id}" has no version ${refusal.version} (its latest is ${refusal.latest}).`;
  }
}

/**
 * INVALID_FLOW's message: why the flow was refused (naming the id sent) and the ids that serve sessions: the
 * team's published flows (the first few, then how many more), then the built-in ones. `flowsPage` is the Flows
 * page's address on the portal that served the key.
 */
export function invalidFlowMessage(
  flowId: string,
  flowsPage: string,
  teamFlows: readonly string[] = [],
  refusal: FlowRefusal = {kind: 'unknown'},
): string {
  const builtIn = FLOWS.map((flow) => flow.id).join(', ');
  const more = teamFlows.length - TEAM_FLOWS_NAMED;
  const team = teamFlows.slice(0, TEAM_FLOWS_NAMED).join(', ') + (more > 0 ? ` and ${more} more` : '');
  const choices = teamFlows.length > 0 ? `one of your flows (${team}) or of ${builtIn}` : `one of ${builtIn}`;
  return `${refusalSentence(flowId, refusal)} Use ${choices}; the Flows page lists them: ${flowsPage}`;
}

/** INVALID_API_KEY's message for a preview asked with a production key: a draft is never served to patients. */
export const PREVIEW_NEEDS_SANDBOX_KEY =
  "A preview serves a flow's unpublished draft, with a sandbox key only. Use your sandbox key, or drop preview to serve the published flow.";

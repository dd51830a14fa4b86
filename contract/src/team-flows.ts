/**
 * A team's own flows (FHIR R4 Questionnaires authored on the Flows page): the rules of their ids, notes and
 * states, shared by the API, the Flows page and the SDK's session.
 */
import {FLOWS} from './flow-catalogue.js';

/** A flow's id as `init({flowId})` names it: lower case, so two ids never differ by case alone. */
export const FLOW_ID_PATTERN = '^[a-z0-9][a-z0-9_.:-]{0,63}$';
export const FLOW_ID_MAX_LENGTH = 64;
export const FLOW_NOTE_MAX_LENGTH = 500;
/** Line breaks and tabs are kept in a note; other control characters never are (PostgreSQL refuses NUL). */
export const FLOW_NOTE_PATTERN = '^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]*$';
/** The most flows a team (or a user without one) holds, archived ones included. */
export const TEAM_FLOWS_MAX = 100;

/** draft: never published; published: has versions; archived: serves no new session, keeps its versions. */
export const FLOW_STATUSES = ['draft', 'published', 'archived'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

export function isFlowId(id: string): boolean {
  return new RegExp(FLOW_ID_PATTERN).test(id);
}

/** A built-in flow's id is a promise to the pages that embed it: no team flow may take it. */
export function isBuiltInFlowId(id: string): boolean {
  return FLOWS.some((flow) => flow.id === id);
}

/** FLOW_UNCHANGED's message, naming the version the draft equals. */
export function flowUnchangedMessage(version: number): string {
  return `Nothing changed since version ${version}; edit the draft first.`;
}

/**
 * INVALID_QUESTIONNAIRE's message: how many errors, and the first by its path, linkId and message (a form's
 * words, never a patient's). Every problem is in the answer's error.details.
 */
export function invalidQuestionnaireMessage(
  errors: ReadonlyArray<{path: string; linkId?: string; message: string}>,
): string {
  const first = errors[0];
  if (!first) return 'The flow has problems to fix before it can be saved.';
  const where = [first.path || 'the document', first.linkId === undefined ? '' : ` (${first.linkId})`].join('');
  const count = errors.length === 1 ? '1 problem' : `${errors.length.toLocaleString('en-US')} problems`;
  return `The flow has ${count}; the first: ${where}: ${first.message}`;
}

/** INVALID_QUESTIONNAIRE's message for text the database cannot store (a NUL, or half a surrogate pair). */
export const UNSTORABLE_TEXT_MESSAGE =
  'The document holds a character that cannot be stored (U+0000, or half of a UTF-16 surrogate pair); remove it.';

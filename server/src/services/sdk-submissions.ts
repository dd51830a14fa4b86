// The SDK's submit: answers presented with the session token of the session they belong to. The token must be one
// this server signed, unexpired, made for the key presented and the page's origin; the answers are then checked
// against the flow that session served (the built-in flow at the version served, or the page's own questions whose
// fingerprint the token holds) and stored once per session. Every refusal of the token is the one INVALID_SESSION,
// so that a caller learns nothing of which check failed.
import type {KeyType} from '@intakekit/contract/api-keys';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import type {FlowQuestion} from '@intakekit/contract/flows';
import {ApiError} from '../errors.js';
import type {AnsweredFlow} from '../lib/fhir/questionnaire-response.js';
import type {AnsweredQuestionnaire} from '../lib/fhir/team-flow-response.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {servedVersion, type FlowLookup, type FlowStates} from './flow-cache.js';
import {questionsDigest, type SessionClaims, type SessionTokens} from '../lib/session-token.js';
import {recordSubmission, type RecordedSubmission, type SubmissionsContext} from './submissions.js';

export interface SdkSubmit {
  keyId: string;
  keyType: KeyType;
  /** The page's Origin header, or null without one. */
  origin: string | null;
  sessionToken: string;
  answers: Readonly<Record<string, unknown>>;
  /** The page's own questions, when the session was started with them. */
  questions?: readonly FlowQuestion[];
  /** The key's owner, whose team flow a session may have served. */
  owner: KeyOwner;
}

/** Length of the digest's start that names a page's own questions as a version of the flow. */
const INLINE_VERSION_DIGITS = 12;

/**
 * The flow the session served, or null when the submit does not bring the same questions: a page's own questions
 * (stored as a version of their own, not the built-in flow's), the built-in flow at the version the token names, or
 * the team flow's version (its draft for a preview) found through the flow cache.
 */
async function servedFlow(
  lookup: FlowLookup,
  claims: SessionClaims,
  submit: SdkSubmit,
): Promise<AnsweredFlow | AnsweredQuestionnaire | null> {
  const {questions} = submit;
  if (claims.questionsDigest !== undefined) {
    if (!questions) return null;
    const digest = questionsDigest(questions);
    if (digest !== claims.questionsDigest) return null;
    return {id: claims.flowId, version: `inline-${digest.slice(0, INLINE_VERSION_DIGITS)}`, questions};
  }
  if (questions) return null;
  const flow = findFlow(claims.flowId);
  if (flow) return flow.version === claims.flowVersion ? flow : null;
  const served = await servedVersion(lookup, submit.owner, claims.flowId, claims.flowVersion);
  return served ? {id: claims.flowId, version: served.version, questionnaire: served.view} : null;
}

/** Checks the token (INVALID_SESSION) and records the answers (INVALID_ANSWERS, or the first submission's id). */
export async function submitSdkAnswers(
  ctx: SubmissionsContext & {tokens: SessionTokens; flows: FlowStates},
  submit: SdkSubmit,
): Promise<RecordedSubmission> {
  const claims = ctx.tokens.verify(submit.sessionToken, ctx.config.now());
  if (!claims || claims.keyId !== submit.keyId || claims.origin !== submit.origin) {
    throw new ApiError('INVALID_SESSION');
  }
  const flow = await servedFlow({db: ctx.db, flows: ctx.flows}, claims, submit);
  if (!flow) throw new ApiError('INVALID_SESSION');
  return recordSubmission(ctx, {
    keyId: submit.keyId,
    keyType: submit.keyType,
    env: claims.env,
    sessionId: claims.sessionId,
    origin: submit.origin,
    flow,
    answers: submit.answers,
  });
}

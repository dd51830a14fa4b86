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
}

/** Length of the digest's start that names a page's own questions as a version of the flow. */
const INLINE_VERSION_DIGITS = 12;

/**
 * The flow the session served, or null when the submit does not bring the same questions: a page's own questions
 * (stored as a version of their own, not the built-in flow's) or the built-in flow at the version the token names.
 */
function servedFlow(claims: SessionClaims, questions: readonly FlowQuestion[] | undefined): AnsweredFlow | null {
  if (claims.questionsDigest !== undefined) {
    if (!questions) return null;
    const digest = questionsDigest(questions);
    if (digest !== claims.questionsDigest) return null;
    return {id: claims.flowId, version: `inline-${digest.slice(0, INLINE_VERSION_DIGITS)}`, questions};
  }
  if (questions) return null;
  const flow = findFlow(claims.flowId);
  return flow && flow.version === claims.flowVersion ? flow : null;
}

/** Checks the token (INVALID_SESSION) and records the answers (INVALID_ANSWERS, or the first submission's id). */
export async function submitSdkAnswers(
  ctx: SubmissionsContext & {tokens: SessionTokens},
  submit: SdkSubmit,
): Promise<RecordedSubmission> {
  const claims = ctx.tokens.verify(submit.sessionToken, ctx.config.now());
  if (!claims || claims.keyId !== submit.keyId || claims.origin !== submit.origin) {
    throw new ApiError('INVALID_SESSION');
  }
  const flow = servedFlow(claims, submit.questions);
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

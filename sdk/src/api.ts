import {KEY_TYPE_FOR_ENV} from '@intakekit/contract/flows';
import {originNotAllowedMessage} from '@intakekit/contract/origins';
import {validateQuestions} from './config';
import {IntakeKitError, describe} from './errors';
import {apiMessage, postJson, refusal, type ApiAnswer} from './http';
import type {Questionnaire} from '@intakekit/contract/questionnaire/types';
import type {Environment, Question} from './types';

export interface Session {
  sessionId: string;
  /** Signed by the API; sent back with the answers. */
  sessionToken: string;
  flowId: string;
  env: Environment;
  /** The flow's questions; empty when the config brought its own or the flow is a team flow. */
  questions: Question[];
  /** A team flow: the widget's view of its Questionnaire (contract questionnaire/widget-view.ts). */
  questionnaire?: Questionnaire;
}

export interface SessionRequest {
  apiBase: string;
  apiKey: string;
  flowId: string;
  env: Environment;
  /** The config's questions, sent so the token carries them (the submit must send the same); null: the flow's. */
  questions: Question[] | null;
  /** A team flow's pinned version. */
  flowVersion?: number;
  /** A team flow's draft (sandbox keys). */
  preview?: boolean;
  signal?: AbortSignal;
}

/** A team flow's Questionnaire, else null; one with nothing to show is refused. */
function questionnaireOf(data: Record<string, unknown>): Questionnaire | null {
  const q = data.questionnaire as Questionnaire | undefined;
  if (q?.resourceType !== 'Questionnaire') return null;
  if (Array.isArray(q.item) && q.item.length > 0) return q;
  throw new IntakeKitError(
    'INVALID_FLOW',
    'the flow sent by the API has no item the widget can show (the Flows page lists what it does not show).',
  );
}

/** The refusals the session call and the submit share: a refused key, a refused origin, a rate limit. */
export function keyRefusal(answer: ApiAnswer, env: Environment, limited: string): IntakeKitError | null {
  if (answer.status === 401 && answer.error.code !== 'INVALID_SESSION') {
    return new IntakeKitError(
      'INVALID_API_KEY',
      `this API key is invalid, revoked or rotated. Use an active ${KEY_TYPE_FOR_ENV[env]} key from the API Keys page.`,
    );
  }
  if (answer.error.code === 'ORIGIN_NOT_ALLOWED') {
    // The API's message names the page's origin and where to add it.
    return new IntakeKitError(
      'ORIGIN_NOT_ALLOWED',
      apiMessage(answer, originNotAllowedMessage(globalThis.location?.origin ?? null)),
    );
  }
  if (answer.status === 429) {
    const seconds = answer.retryAfterSeconds;
    const err = new IntakeKitError(
      'RATE_LIMITED',
      `${limited} Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    );
    err.retryAfterSeconds = seconds;
    return err;
  }
  return null;
}

/** `POST {apiBase}/api/sdk/sessions`: checks the key and returns the flow and the session token. */
export async function createSession(request: SessionRequest): Promise<Session> {
  const {apiBase, apiKey, flowId, env, questions, flowVersion, preview, signal} = request;
  const body = {
    flowId,
    env,
    ...(questions && {questions}),
    ...(flowVersion && {flowVersion}),
    ...(preview && {preview}),
  };
  const answer = await postJson(apiBase, '/api/sdk/sessions', apiKey, body, signal);
  const {data} = answer;
  if (!answer.ok) {
    const known = keyRefusal(answer, env, 'this key has started too many sessions for now.');
    if (known) throw known;
    // The API's message names the id and the ids that exist.
    if (answer.error.code === 'INVALID_FLOW')
      throw new IntakeKitError('INVALID_FLOW', apiMessage(answer, `there is no flow ${describe(flowId)}.`));
    throw refusal(answer, 'SESSION_REFUSED');
  }
  if (typeof data.sessionId !== 'string') {
    throw new IntakeKitError(
      'INVALID_FLOW',
      `the IntakeKit API answered without a sessionId; expected { sessionId, flowId, env, questions }.`,
    );
  }
  let flowQuestions: Question[] = [];
  const questionnaire = questions ? null : questionnaireOf(data);
  if (!questions && !questionnaire)
    try {
      flowQuestions = validateQuestions(data.questions, 'questions');
    } catch (err) {
      throw new IntakeKitError(
        'INVALID_FLOW',
        `the flow sent by the API cannot be shown: ${(err as Error).message.replace(/^IntakeKit: /, '')}`,
        err,
      );
    }
  return {
    sessionId: data.sessionId,
    sessionToken: typeof data.sessionToken === 'string' ? data.sessionToken : '',
    flowId: typeof data.flowId === 'string' ? data.flowId : flowId,
    env: typeof data.env === 'string' && data.env ? (data.env as Environment) : env,
    questions: flowQuestions,
    ...(questionnaire && {questionnaire}),
  };
}

import {KEY_TYPE_FOR_ENV} from '@intakekit/contract/flows';
import {originNotAllowedMessage} from '@intakekit/contract/origins';
import {validateQuestions} from './config';
import {IntakeKitError, describe} from './errors';
import type {Environment, Question} from './types';

export interface Session {
  sessionId: string;
  flowId: string;
  env: Environment;
  /** The flow's questions; empty when `flowQuestions` was false (the config brings its own). */
  questions: Question[];
}

export interface SessionRequest {
  apiBase: string;
  apiKey: string;
  flowId: string;
  env: Environment;
  /** Whether the flow's questions are needed (false when the config gives questions). */
  flowQuestions: boolean;
  signal?: AbortSignal;
}

/** `POST {apiBase}/api/sdk/sessions`: checks the key and returns the flow. Only this call leaves the browser. */
export async function createSession({
  apiBase,
  apiKey,
  flowId,
  env,
  flowQuestions,
  signal,
}: SessionRequest): Promise<Session> {
  const url = `${apiBase}/api/sdk/sessions`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}`},
      body: JSON.stringify({flowId, env}),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new IntakeKitError(
      'NETWORK_ERROR',
      `could not reach the IntakeKit API at ${apiBase}. Check your connection and try again.`,
      cause,
    );
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // handled below: a missing or non-JSON body is reported with the status
  }
  const data = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!res.ok) {
    const err = (data.error ?? {}) as {code?: unknown; message?: unknown};
    if (res.status === 401 || err.code === 'INVALID_API_KEY') {
      throw new IntakeKitError(
        'INVALID_API_KEY',
        `this API key is invalid, revoked or rotated. Use an active ${KEY_TYPE_FOR_ENV[env]} key from the API Keys page.`,
      );
    }
    if (err.code === 'ORIGIN_NOT_ALLOWED') {
      // The API's message names the page's origin and where to add it.
      throw new IntakeKitError(
        'ORIGIN_NOT_ALLOWED',
        typeof err.message === 'string' ? err.message : originNotAllowedMessage(globalThis.location?.origin ?? null),
      );
    }
    if (err.code === 'INVALID_FLOW') {
      // The API's message names the id and the ids that exist.
      throw new IntakeKitError(
        'INVALID_FLOW',
        typeof err.message === 'string' ? err.message : `there is no flow ${describe(flowId)}.`,
      );
    }
    if (res.status === 429) {
      const seconds = Math.max(1, Number(res.headers.get('retry-after')) || 1);
      const limited = new IntakeKitError(
        'RATE_LIMITED',
        `this key has started too many sessions for now. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
      );
      limited.retryAfterSeconds = seconds;
      throw limited;
    }
    const detail = typeof err.message === 'string' ? `: ${err.message}` : '.';
    // 5xx may pass: SERVER_ERROR offers Try again. Other refusals will not.
    const code = res.status >= 500 ? 'SERVER_ERROR' : 'SESSION_REFUSED';
    throw new IntakeKitError(
      code,
      `the IntakeKit API answered ${res.status}${typeof err.code === 'string' ? ' ' + err.code : ''}${detail}`,
    );
  }
  if (typeof data.sessionId !== 'string') {
    throw new IntakeKitError(
      'INVALID_FLOW',
      `the IntakeKit API answered without a sessionId; expected { sessionId, flowId, env, questions }.`,
    );
  }
  let questions: Question[] = [];
  if (flowQuestions)
    try {
      questions = validateQuestions(data.questions, 'questions');
    } catch (err) {
      throw new IntakeKitError(
        'INVALID_FLOW',
        `the flow sent by the API cannot be shown: ${(err as Error).message.replace(/^IntakeKit: /, '')}`,
        err,
      );
    }
  return {
    sessionId: data.sessionId,
    flowId: typeof data.flowId === 'string' ? data.flowId : flowId,
    env: typeof data.env === 'string' && data.env ? (data.env as Environment) : env,
    questions,
  };
}

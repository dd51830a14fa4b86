import {IntakeKitError} from './errors';

/** An API answer: the status, the Retry-After in seconds (at least 1) and the JSON body or `{}`. */
export interface ApiAnswer {
  status: number;
  ok: boolean;
  retryAfterSeconds: number;
  data: Record<string, unknown>;
  /** The body's `error`: the API's code and message when it refused. */
  error: {code?: unknown; message?: unknown};
}

/** `POST {apiBase}{path}` with the key; a network failure is NETWORK_ERROR, an abort is rethrown as it is. */
export async function postJson(
  apiBase: string,
  path: string,
  apiKey: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<ApiAnswer> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}`},
      body: JSON.stringify(body),
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
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    // a missing or non-JSON body: the caller reports the status
  }
  const data = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  return {
    status: res.status,
    ok: res.ok,
    retryAfterSeconds: Math.max(1, Number(res.headers.get('retry-after')) || 1),
    data,
    error: (data.error ?? {}) as ApiAnswer['error'],
  };
}

/** The API's own words for a refusal when it gave them, else `fallback`. */
export const apiMessage = (answer: ApiAnswer, fallback: string): string =>
  typeof answer.error.message === 'string' ? answer.error.message : fallback;

/** A refusal the widget has no special words for: its status, code and message. */
export function refusal(answer: ApiAnswer, otherCode: 'SESSION_REFUSED' | 'SUBMIT_REFUSED'): IntakeKitError {
  const {code, message} = answer.error;
  const detail = typeof message === 'string' ? `: ${message}` : '.';
  // 5xx may pass: SERVER_ERROR offers Try again. Other refusals will not.
  return new IntakeKitError(
    answer.status >= 500 ? 'SERVER_ERROR' : otherCode,
    `the IntakeKit API answered ${answer.status}${typeof code === 'string' ? ' ' + code : ''}${detail}`,
  );
}

// The widget's calls, as a clinic's page makes them: POST /api/sdk/sessions, then POST /api/sdk/submissions, with the
// key as a bearer token.
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';

function sdkCall(url: string) {
  return (app: FastifyInstance, apiKey: string | undefined, payload: unknown, origin?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {...(apiKey && {authorization: `Bearer ${apiKey}`}), ...(origin && {origin})},
      payload: payload as Record<string, unknown>,
    });
}

const sessions = sdkCall('/api/sdk/sessions');

/** Starts an intake session with `apiKey` (none: no Authorization header), from `origin` when given. */
export function startSdkSession(
  app: FastifyInstance,
  apiKey: string | undefined,
  payload: unknown = {flowId: 'new-patient'},
  origin?: string,
): Promise<LightMyRequestResponse> {
  return sessions(app, apiKey, payload, origin);
}

/** Sends a session's answers as the widget does on its last step, with the key the session was started with. */
export const submitSdkAnswers = sdkCall('/api/sdk/submissions');

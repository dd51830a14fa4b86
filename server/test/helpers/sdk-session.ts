// The widget's call, as a clinic's page makes it: POST /api/sdk/sessions with the key as a bearer token.
import type {FastifyInstance, LightMyRequestResponse} from 'fastify';

/** Starts an intake session with `apiKey` (none: no Authorization header), from `origin` when given. */
export function startSdkSession(
  app: FastifyInstance,
  apiKey: string | undefined,
  payload: unknown = {flowId: 'new-patient'},
  origin?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/sdk/sessions',
    headers: {...(apiKey && {authorization: `Bearer ${apiKey}`}), ...(origin && {origin})},
    payload: payload as Record<string, unknown>,
  });
}

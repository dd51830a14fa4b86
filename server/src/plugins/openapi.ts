// Collects every route's schema into an OpenAPI 3 document. Must be registered before routes.
import swagger from '@fastify/swagger';
import type {RouteOptions} from 'fastify';
import type {TSchema} from 'typebox';
import fp from 'fastify-plugin';
import {ERROR_CATALOGUE, type ErrorCode} from '../errors.js';
import {withErrorCodes} from '@intakekit/contract/schemas/common';
import {webhooksDocument} from './openapi-webhooks.js';

/**
 * The refusals the framework gives before a handler runs, so that no route has to remember them
 * and the document is honest about every status a client can meet (the schema fuzz test checks it).
 */
function frameworkRefusals(route: RouteOptions): Array<[ErrorCode, number]> {
  const methods = [route.method].flat();
  const refusals: Array<[ErrorCode, number]> = [];
  // Any method but GET/HEAD may carry a body: unreadable JSON, over 64 kB, or not JSON at all.
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
    refusals.push(['MISSING_FIELDS', 400], ['PAYLOAD_TOO_LARGE', 413], ['UNSUPPORTED_MEDIA_TYPE', 415]);
  }
  // A query parameter of the wrong shape (repeated, say) is a missing field; a malformed path id names nothing.
  if (route.schema?.querystring) refusals.push(['MISSING_FIELDS', 400]);
  if (route.schema?.params) refusals.push(['NOT_FOUND', 404]);
  if ((route.config as {rateLimit?: unknown} | undefined)?.rateLimit) refusals.push(['RATE_LIMIT_EXCEEDED', 429]);
  return refusals;
}

/**
 * A stable operationId from the method and path (`PATCH /api/keys/:id` → `patchKeysById`), for clients generated
 * from the document and for links into the reference. A route may name its own.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)));
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

export const openapiPlugin = fp(
  async (app) => {
    // Before swagger's own onRoute hook, so the document sees the completed responses.
    app.addHook('onRoute', (route) => {
      const schema = route.schema;
      if (!schema || schema.hide) return;
      const method = [route.method].flat()[0]!;
      schema.operationId ??= operationIdFor(method, route.url);
      // A route that names no scheme is public; saying so keeps the document explicit for every operation.
      schema.security ??= [];
      const response = schema.response as Record<string, TSchema> | undefined;
      if (response) schema.response = withErrorCodes(response, frameworkRefusals(route));
    });
    await app.register(swagger, {
      openapi: {
        // 3.1: its `webhooks` section describes what the API sends to a team's endpoints.
        openapi: '3.1.0',
        info: {
          title: 'IntakeKit API',
          version: '1.0.0',
          license: {name: 'Proprietary'},
          description:
            'Accounts, API keys, teams and SDK sessions. Every failure answers `{ "error": { "code", "message" } }`, with `details` where a route says so (422 INVALID_QUESTIONNAIRE: `details.problems`). Codes:\n\n' +
            Object.entries(ERROR_CATALOGUE)
              .map(([code, {status, message}]) => `- \`${code}\` (${status}): ${message}`)
              .join('\n'),
        },
        // Relative: the document is served by the API it describes. The portal's copy names the API's address.
        servers: [{url: '/', description: 'This API'}],
        webhooks: webhooksDocument(),
        components: {
          securitySchemes: {
            session: {type: 'http', scheme: 'bearer', description: 'Session token from POST /api/auth/login'},
            apiKey: {type: 'http', scheme: 'bearer', description: 'An ik_sandbox_... or ik_production_... API key'},
            serverKey: {
              type: 'http',
              scheme: 'bearer',
              description: 'An ik_server_sandbox_... or ik_server_production_... server key, kept on a server',
            },
          },
        },
      },
    });
  },
  {name: 'openapi', fastify: '5.x'},
);

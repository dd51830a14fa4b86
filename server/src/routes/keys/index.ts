// /api/keys: list, create, rotate, revoke.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import type {Config} from '../../config.js';
import {secretBox} from '../../lib/secret-box.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  KeyActionBody,
  KeyIdParams,
  KeyListResponse,
  KeyResponse,
  KeyTypeParams,
  NewKeyResponse,
} from '@intakekit/contract/schemas/keys';
import {ApiKeys, REVOKED_KEYS_LISTED} from '../../services/api-keys.js';
import {currentUser} from '../current-user.js';

export interface KeyRouteOptions {
  config: Config;
  secretKey: string;
}

export async function keyRoutes(app: FastifyInstance, {config, secretKey}: KeyRouteOptions) {
  const keys = new ApiKeys(app.db, secretBox(secretKey), config);
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  const common = {preHandler: app.requireUser} as const;
  const session = [{session: []}];
  const mutation = errorResponses('UNAUTHORIZED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND');

  routes.get(
    '/api/keys',
    {
      ...common,
      schema: {
        tags: ['keys'],
        summary: "The API keys of the user's team (or of the user without a team), newest first",
        description: `Every active key (at most ACTIVE_KEYS_PER_TEAM, 50 by default) and the ${REVOKED_KEYS_LISTED} most recently created revoked keys, newest first; older revoked keys are not listed, so the answer stays small however often keys are rotated.`,
        security: session,
        response: {200: KeyListResponse, ...errorResponses('UNAUTHORIZED')},
      },
    },
    async (request) => ({keys: await keys.list(currentUser(request))}),
  );

  routes.post(
    '/api/keys/:keyType',
    {
      ...common,
      schema: {
        tags: ['keys'],
        summary: 'Create a sandbox or production key (the full value is in the answer)',
        description:
          'Refused with 409 KEY_LIMIT_REACHED when the team (or the user without a team) already holds ACTIVE_KEYS_PER_TEAM active keys (50 by default); revoking one frees a place. Rotation replaces a key and is never refused for this limit.',
        security: session,
        params: KeyTypeParams,
        response: {
          201: NewKeyResponse,
          ...errorResponses(
            'UNAUTHORIZED',
            'EMAIL_NOT_VERIFIED',
            'PRODUCTION_NOT_READY',
            'NOT_FOUND',
            'KEY_LIMIT_REACHED',
          ),
        },
      },
    },
    async (request, reply) => {
      const key = await keys.create(currentUser(request), request.params.keyType);
      return reply.code(201).send({apiKey: key.apiKey, key});
    },
  );

  routes.post(
    '/api/keys/:id/rotate',
    {
      ...common,
      schema: {
        tags: ['keys'],
        summary: 'Revoke an active key and create its successor of the same type, in one transaction',
        security: session,
        params: KeyIdParams,
        body: KeyActionBody,
        response: {200: NewKeyResponse, ...mutation},
      },
    },
    async (request) => {
      const key = await keys.rotate(currentUser(request), request.params.id, request.body.keyType);
      return {apiKey: key.apiKey, key};
    },
  );

  routes.delete(
    '/api/keys/:id/revoke',
    {
      ...common,
      schema: {
        tags: ['keys'],
        summary: 'Revoke a key (revoking a revoked key answers it unchanged)',
        security: session,
        params: KeyIdParams,
        body: KeyActionBody,
        response: {200: KeyResponse, ...mutation},
      },
    },
    async (request) => ({key: await keys.revoke(currentUser(request), request.params.id, request.body.keyType)}),
  );
}

// /api/server-keys: list, create, roll and revoke the keys a clinic's backend reads the submissions API with.
import type {FastifyInstance} from 'fastify';
import type {Config} from '../../config.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  NewServerKeyBody,
  NewServerKeyResponse,
  ServerKeyIdParams,
  ServerKeyListResponse,
  ServerKeyResponse,
} from '@intakekit/contract/schemas/server-keys';
import {VERIFY_EMAIL_FOR_KEYS} from '@intakekit/contract/errors';
import type {ValidationCodes} from '../../plugins/errors.js';
import {
  REVOKED_SERVER_KEYS_LISTED,
  createServerKey,
  listOwnedServerKeys,
  revokeServerKey,
  rollServerKey,
  serverKeyTarget,
} from '../../services/server-keys.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

const UNVERIFIED = {code: 'EMAIL_NOT_VERIFIED', message: VERIFY_EMAIL_FOR_KEYS} as const;
const MUTATION_CODES = ['UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', UNVERIFIED, 'FORBIDDEN', 'NOT_FOUND'] as const;
// A name of the wrong shape answers INVALID_KEY_SETTINGS, like one that breaks its rule.
const NAME_CODES: ValidationCodes = {invalid: {name: 'INVALID_KEY_SETTINGS'}};
const ROLES =
  'In a team, only owners and admins may create, roll or revoke server keys (403 FORBIDDEN for members): a production server key reads every production answer.';

export async function serverKeyRoutes(app: FastifyInstance, {config}: {config: Config}) {
  const keys = {db: app.db, config};
  const {routes, teamRoute} = teamRouteGroup(app, 'server-keys');

  routes.get(
    '/api/server-keys',
    teamRoute({
      summary: "The server keys of the user's team (or of the user without a team)",
      description: `Every active server key and the ${REVOKED_SERVER_KEYS_LISTED} most recently created revoked ones, newest first, each masked: a server key is shown whole only when it is created or rolled.`,
      response: {200: ServerKeyListResponse, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM')},
    }),
    async (request) => ({keys: await listOwnedServerKeys(keys, currentUser(request))}),
  );

  routes.post(
    '/api/server-keys',
    teamRoute(
      {
        summary: 'Create a server key for one environment (the full value is in the answer, this once)',
        description: `A server key (ik_server_sandbox_... or ik_server_production_...) reads and deletes the submissions of its environment through /api/v1/submissions; it never starts an SDK session, and a browser key never reads submissions. Keep it on your server, never in a page. Production keys need a team the operator marked production-ready. ${ROLES} At most ACTIVE_KEYS_PER_TEAM active server keys (409 KEY_LIMIT_REACHED).`,
        body: NewServerKeyBody,
        response: {
          201: NewServerKeyResponse,
          ...errorResponses(
            'UNAUTHORIZED',
            'TWO_FACTOR_REQUIRED_BY_TEAM',
            UNVERIFIED,
            'FORBIDDEN',
            'PRODUCTION_NOT_READY',
            'KEY_LIMIT_REACHED',
            'INVALID_KEY_SETTINGS',
          ),
        },
      },
      {
        config: {validationCodes: NAME_CODES},
      },
    ),
    async (request, reply) => {
      const {value, key} = await createServerKey(keys, currentUser(request), request.body);
      await app.recordActivity(request, 'key.created', {target: serverKeyTarget(key)});
      return reply.code(201).send({apiKey: value, key});
    },
  );

  routes.post(
    '/api/server-keys/:id/roll',
    teamRoute({
      summary: 'Revoke a server key now and create its successor (same name and environment)',
      description: `The old key is refused from the next request on, on every API process. ${ROLES}`,
      params: ServerKeyIdParams,
      response: {200: NewServerKeyResponse, ...errorResponses(...MUTATION_CODES)},
    }),
    async (request) => {
      const {value, key} = await rollServerKey(keys, currentUser(request), request.params.id);
      await app.recordActivity(request, 'key.rotated', {target: serverKeyTarget(key)});
      return {apiKey: value, key};
    },
  );

  routes.delete(
    '/api/server-keys/:id',
    teamRoute({
      summary: 'Revoke a server key now (revoking a revoked key answers it unchanged)',
      description: `The key is refused from the next request on, on every API process. ${ROLES}`,
      params: ServerKeyIdParams,
      response: {200: ServerKeyResponse, ...errorResponses(...MUTATION_CODES)},
    }),
    async (request) => {
      const key = await revokeServerKey(keys, currentUser(request), request.params.id);
      await app.recordActivity(request, 'key.revoked', {target: serverKeyTarget(key)});
      return {key};
    },
  );
}

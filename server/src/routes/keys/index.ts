// /api/keys: list, create, change settings, rotate, revoke, usage.
import type {FastifyInstance, FastifyReply} from 'fastify';
import {Type} from 'typebox';
import type {Config} from '../../config.js';
import {secretBox} from '../../lib/secret-box.js';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  KeyActionBody,
  KeyIdParams,
  KeyListResponse,
  KeyResponse,
  KeySettingsBody,
  KeyUsageResponse,
  NewKeyResponse,
  RotateKeyBody,
} from '@intakekit/contract/schemas/keys';
import type {ApiKey, ApiKey as ApiKeyBody} from '@intakekit/contract/schemas/keys';
import {KEY_TYPES, keyEnding} from '@intakekit/contract/api-keys';
import {ApiError} from '../../errors.js';
import {VERIFY_EMAIL_FOR_KEYS} from '@intakekit/contract/errors';
import type {ValidationCodes} from '../../plugins/errors.js';
import {keyUsage} from '../../services/key-usage.js';
import {keyLimits} from '../../services/api-key-bodies.js';
import {REVOKED_KEYS_LISTED, apiKeysContext, listOwnedKeys} from '../../services/api-key-lists.js';
import {backfillStoredForms, createKey, ownsKey, revokeKey, rotateKey, updateKey} from '../../services/api-keys.js';
import {currentUser} from '../current-user.js';
import {teamRouteGroup} from '../route-helpers.js';

/** A key as the activity log names it: 'Clinic web (ending 9f3KQ2a1)'; never the key itself. */
function keyTarget(key: ApiKey) {
  return {type: 'key' as const, id: key.id, label: `${key.name} (ending ${keyEnding(key.apiKey)})`};
}

// A setting of the wrong shape answers INVALID_KEY_SETTINGS, like one that breaks its rule.
const SETTINGS_CODES: ValidationCodes = {
  invalid: {
    name: 'INVALID_KEY_SETTINGS',
    allowedOrigins: 'INVALID_KEY_SETTINGS',
    expiresAt: 'INVALID_KEY_SETTINGS',
    rateLimitPerMinute: 'INVALID_KEY_SETTINGS',
  },
};

/** EMAIL_NOT_VERIFIED as the key routes answer it: with words about keys, not about signing in. */
const UNVERIFIED = {code: 'EMAIL_NOT_VERIFIED', message: VERIFY_EMAIL_FOR_KEYS} as const;
const MUTATION_CODES = ['UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', UNVERIFIED, 'NOT_FOUND'] as const;

export interface KeyRouteOptions {
  config: Config;
  secretKey: string;
}

export async function keyRoutes(app: FastifyInstance, {config, secretKey}: KeyRouteOptions) {
  const keys = apiKeysContext(app.db, secretBox(secretKey), config);
  const serializedLists = new WeakMap<ApiKeyBody[], string>();
  // Keys stored before production keys were kept only hashed lose their encrypted copy at start.
  app.addHook('onReady', async () => {
    const changed = await backfillStoredForms(keys);
    if (changed > 0) app.log.info({keys: changed}, 'stored API keys in their current form');
  });
  const {routes, teamRoute} = teamRouteGroup(app, 'keys');
  const mutation = errorResponses(...MUTATION_CODES);

  routes.get(
    '/api/keys',
    teamRoute({
      summary: "The API keys of the user's team (or of the user without a team), newest first",
      description: `Every active key (at most ACTIVE_KEYS_PER_TEAM, 50 by default) and the ${REVOKED_KEYS_LISTED} most recently created revoked keys, newest first; older revoked keys are not listed, so the answer stays small however often keys are rotated.`,
      response: {200: KeyListResponse, ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM')},
    }),
    async (request, reply) => {
      const listed = await listOwnedKeys(keys, currentUser(request));
      // The service answers the same array while the list is unchanged, so it is serialised once.
      let json = serializedLists.get(listed);
      if (json === undefined) {
        json = JSON.stringify({keys: listed, limits: keyLimits(config)} satisfies KeyListResponse);
        serializedLists.set(listed, json);
      }
      // A string is sent as it is (the schema's serialiser is for objects); plain FastifyReply takes one.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  // One path per key type rather than /api/keys/:keyType, which the document could not tell from /api/keys/:id.
  for (const keyType of KEY_TYPES) {
    routes.post(
      `/api/keys/${keyType}`,
      teamRoute(
        {
          summary: `Create a ${keyType} key (the full value is in the answer)`,
          description:
            'The body is optional: a name (default "Sandbox key", "Sandbox key 2", ...), allowed origins, an expiry and a limit. A production key is shown whole only in this answer (and in a rotation\'s); afterwards it is listed masked. Refused with 409 KEY_LIMIT_REACHED when the team (or the user without a team) already holds ACTIVE_KEYS_PER_TEAM active keys (50 by default); revoking one frees a place. Rotation replaces a key and is never refused for this limit.',
          body: Type.Optional(KeySettingsBody),
          response: {
            201: NewKeyResponse,
            ...errorResponses(
              'UNAUTHORIZED',
              'TWO_FACTOR_REQUIRED_BY_TEAM',
              UNVERIFIED,
              'PRODUCTION_NOT_READY',
              'KEY_LIMIT_REACHED',
              'INVALID_KEY_SETTINGS',
            ),
          },
        },
        {
          config: {validationCodes: SETTINGS_CODES},
        },
      ),
      async (request, reply) => {
        const {value, key} = await createKey(keys, currentUser(request), keyType, request.body ?? {});
        await app.recordActivity(request, 'key.created', {target: keyTarget(key)});
        return reply.code(201).send({apiKey: value, key});
      },
    );
  }

  routes.post(
    '/api/keys/:id/rotate',
    teamRoute({
      summary: 'Revoke an active key and create its successor of the same type, in one transaction',
      description:
        'gracePeriod keeps the old key working beside the new one for 1h, 24h or 7d (default now: it stops at once). The successor keeps the name, allowed origins and limit, not the expiry.',
      params: KeyIdParams,
      body: RotateKeyBody,
      response: {200: NewKeyResponse, ...mutation},
    }),
    async (request) => {
      const {value, key} = await rotateKey(
        keys,
        currentUser(request),
        request.params.id,
        request.body.keyType,
        request.body.gracePeriod,
      );
      await app.recordActivity(request, 'key.rotated', {target: keyTarget(key)});
      return {apiKey: value, key};
    },
  );

  routes.delete(
    '/api/keys/:id/revoke',
    teamRoute({
      summary:
        'Revoke a key (revoking a revoked key answers it unchanged; inside a grace period it ends the grace now)',
      params: KeyIdParams,
      body: KeyActionBody,
      response: {200: KeyResponse, ...mutation},
    }),
    async (request) => {
      const key = await revokeKey(keys, currentUser(request), request.params.id, request.body.keyType);
      await app.recordActivity(request, 'key.revoked', {target: keyTarget(key)});
      return {key};
    },
  );

  routes.patch(
    '/api/keys/:id',
    teamRoute(
      {
        summary: "Change a key's name, allowed origins, expiry or limit",
        description:
          'Each field is optional. The name of any key can change; origins, expiry and limit only while the key works (else 409 KEY_NOT_ACTIVE). A setting that breaks its rule answers 400 INVALID_KEY_SETTINGS saying which.',
        params: KeyIdParams,
        body: KeySettingsBody,
        response: {200: KeyResponse, ...errorResponses(...MUTATION_CODES, 'INVALID_KEY_SETTINGS', 'KEY_NOT_ACTIVE')},
      },
      {
        config: {validationCodes: SETTINGS_CODES},
      },
    ),
    async (request) => {
      const key = await updateKey(keys, currentUser(request), request.params.id, request.body);
      await app.recordActivity(request, 'key.updated', {target: keyTarget(key)});
      return {key};
    },
  );

  routes.get(
    '/api/keys/:id/usage',
    teamRoute({
      summary: "A key's sessions per day (30 days), last origins seen and its last 100 requests",
      params: KeyIdParams,
      response: {
        200: KeyUsageResponse,
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_REQUIRED_BY_TEAM', 'NOT_FOUND'),
      },
    }),
    async (request) => {
      const user = currentUser(request);
      // Answered for the team's own keys only, as every other key route.
      if (!(await ownsKey(keys, user, request.params.id))) throw new ApiError('NOT_FOUND');
      return keyUsage(app.db, request.params.id, config.now());
    },
  );
}

// Passkeys: adding, naming and removing them in Settings, and signing in with one, with or without a password
// first (services/passkeys.ts, services/passkey-sign-in.ts).
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import {authOf} from '../../plugins/auth.js';
import {sessionAccount} from '../current-user.js';
import {SECRET_CHECK_REFUSALS} from './secret-check-refusals.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {SignedInResponse} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {
  AddPasskeyBody,
  PasskeyAuthenticationOptions,
  PasskeyBody,
  PasskeyIdParams,
  PasskeyListResponse,
  PasskeyRegistrationOptions,
  PasskeyRegistrationOptionsBody,
  PasskeySignInBody,
  PasskeySignInOptionsBody,
  RenamePasskeyBody,
} from '@intakekit/contract/schemas/passkeys';
import {actorOf} from '../../services/activity.js';
import {noticeNewBrowser} from '../../services/new-browser-notice.js';
import {UNVERIFIED_SIGN_IN_METHOD} from '../../services/sign-in-methods.js';
import {clientOf, startSession} from '../../services/sessions.js';
import type {AuthRouteOptions} from './options.js';
import {toUserBody} from './user-body.js';
import {signedInRouteGroup} from '../route-helpers.js';
import {
  addPasskey,
  listUserPasskeys,
  passkeyRegistrationOptions,
  removeUserPasskey,
  renameUserPasskey,
} from '../../services/passkeys.js';
import {passkeySignInOptions, signInWithPasskey} from '../../services/passkey-sign-in.js';

const NAME_IS_INVALID = {validationCodes: {invalid: {name: 'INVALID_PASSKEY_NAME'}}} as const;
// An answer the schema cannot read is an answer that does not verify.
const CREDENTIAL_IS_INVALID = {validationCodes: {invalid: {credential: 'PASSKEY_NOT_VERIFIED'}}} as const;

export async function passkeyRoutes(app: FastifyInstance, {config, passkeys}: AuthRouteOptions) {
  const {routes, signedIn} = signedInRouteGroup(app, 'auth');
  const passkeyTarget = (p: PasskeyBody) => ({type: 'passkey' as const, id: p.id, label: p.name});

  routes.get(
    '/api/auth/passkeys',
    signedIn({
      summary: "The account's passkeys, oldest first",
      response: {200: PasskeyListResponse, ...errorResponses('UNAUTHORIZED')},
    }),
    async (request) => ({passkeys: await listUserPasskeys(passkeys, authOf(request).userId)}),
  );

  routes.post(
    '/api/auth/passkeys/options',
    signedIn(
      {
        summary: 'Begin adding a passkey: the password, then the options for navigator.credentials.create()',
        description: `The password counts like a sign-in toward the lock. The prompt's challenge lasts 5 minutes and is spent by POST /api/auth/passkeys.`,
        body: PasskeyRegistrationOptionsBody,
        response: {
          200: PasskeyRegistrationOptions,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_CURRENT_PASSWORD',
            'PASSKEY_LIMIT_REACHED',
            UNVERIFIED_SIGN_IN_METHOD,
            ...SECRET_CHECK_REFUSALS,
          ),
        },
      },
      {config: {rateLimit: authRateLimit(config), validationCodes: {invalid: {password: 'INVALID_CURRENT_PASSWORD'}}}},
    ),
    async (request) => {
      const session = await sessionAccount(app.db, request);
      return passkeyRegistrationOptions(passkeys, session, request.body.password);
    },
  );

  routes.post(
    '/api/auth/passkeys',
    signedIn(
      {
        summary: "Add a passkey: the browser's answer to the options",
        description:
          "Without a name, the passkey is named after the browser and system it was added from ('Chrome on macOS').",
        body: AddPasskeyBody,
        response: {
          201: PasskeyBody,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_PASSKEY_NAME',
            'PASSKEY_NOT_VERIFIED',
            'PASSKEY_PROMPT_EXPIRED',
            'PASSKEY_LIMIT_REACHED',
            UNVERIFIED_SIGN_IN_METHOD,
            'UNAUTHORIZED',
          ),
        },
      },
      {
        config: {
          validationCodes: {
            invalid: {...NAME_IS_INVALID.validationCodes.invalid, ...CREDENTIAL_IS_INVALID.validationCodes.invalid},
          },
        },
      },
    ),
    async (request, reply) => {
      const passkey = await addPasskey(
        passkeys,
        authOf(request).user,
        request.body.credential,
        request.body.name,
        clientOf(request),
      );
      await app.recordActivity(request, 'passkey.added', {target: passkeyTarget(passkey)});
      return reply.code(201).send(passkey);
    },
  );

  routes.patch(
    '/api/auth/passkeys/:id',
    signedIn(
      {
        summary: 'Rename a passkey',
        params: PasskeyIdParams,
        body: RenamePasskeyBody,
        response: {
          200: PasskeyBody,
          ...errorResponses('MISSING_FIELDS', 'INVALID_PASSKEY_NAME', 'UNAUTHORIZED', 'NOT_FOUND'),
        },
      },
      {config: NAME_IS_INVALID},
    ),
    async (request) => renameUserPasskey(passkeys, authOf(request).userId, request.params.id, request.body.name),
  );

  routes.delete(
    '/api/auth/passkeys/:id',
    signedIn({
      summary: 'Remove a passkey: it signs in no more',
      description: "Another account's passkey is 404.",
      params: PasskeyIdParams,
      response: {204: Type.Null({description: 'Removed'}), ...errorResponses('UNAUTHORIZED', 'NOT_FOUND')},
    }),
    async (request, reply) => {
      const removed = await removeUserPasskey(passkeys, authOf(request).userId, request.params.id);
      await app.recordActivity(request, 'passkey.removed', {target: passkeyTarget(removed)});
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/api/auth/login/passkey/options',
    {
      config: {rateLimit: authRateLimit(config)},
      schema: {
        tags: ['auth'],
        summary: 'Begin a passkey sign-in: the options for navigator.credentials.get()',
        description:
          "Without a challengeToken, any of the browser's IntakeKit passkeys may answer. With the challengeToken of a password step (two-factor on), the account's own passkeys only, as its second step.",
        body: PasskeySignInOptionsBody,
        response: {
          200: PasskeyAuthenticationOptions,
          ...errorResponses('TWO_FACTOR_CHALLENGE_EXPIRED', 'PASSKEY_NOT_REGISTERED', 'RATE_LIMIT_EXCEEDED'),
        },
      },
    },
    async (request) => passkeySignInOptions(passkeys, request.body.challengeToken),
  );

  routes.post(
    '/api/auth/login/passkey',
    {
      config: {rateLimit: authRateLimit(config), ...CREDENTIAL_IS_INVALID},
      schema: {
        tags: ['auth'],
        summary: "Sign in with a passkey: the browser's answer to the options",
        description:
          'A passkey sign-in neither counts toward nor waits for the password lock: it cannot be guessed. Without a challengeToken the passkey must verify its user (PIN or biometrics).',
        body: PasskeySignInBody,
        response: {
          200: SignedInResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'PASSKEY_NOT_VERIFIED',
            'PASSKEY_PROMPT_EXPIRED',
            'PASSKEY_NOT_REGISTERED',
            'TWO_FACTOR_CHALLENGE_EXPIRED',
            'EMAIL_NOT_VERIFIED',
            'ACCOUNT_RECOVERY_PENDING',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const {user, passkey} = await signInWithPasskey(passkeys, request.body.challengeToken, request.body.credential);
      await app.recordActivity(request, 'sign-in', {actor: actorOf(user), target: passkeyTarget(passkey)});
      const client = clientOf(request);
      const token = await startSession(app.db, config, user.id, client);
      await noticeNewBrowser(app.db, app.mailer, config, user, client);
      return {token, user: toUserBody(user)};
    },
  );
}

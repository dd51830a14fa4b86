// Two-factor authentication with an authenticator app: setup, confirmation, recovery codes, turning it
// off, and the second step of a sign-in (services/two-factor.ts).
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import {authOf} from '../../plugins/auth.js';
import {sessionAccount} from '../current-user.js';
import {signedInRouteGroup} from '../route-helpers.js';
import {SECRET_CHECK_REFUSALS} from './secret-check-refusals.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {
  RecoveryCodesResponse,
  SignedInResponse,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorLoginBody,
  TwoFactorSetupResponse,
} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {noticeNewBrowser} from '../../services/new-browser-notice.js';
import {UNVERIFIED_SIGN_IN_METHOD} from '../../services/sign-in-methods.js';
import {clientOf, startSession} from '../../services/sessions.js';
import {actorOf} from '../../services/activity.js';
import type {AuthRouteOptions} from './options.js';
import {toUserBody} from './user-body.js';
import {
  beginTwoFactorSetup,
  completeTwoFactorSignIn,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
} from '../../services/two-factor.js';

// A code of the wrong shape is a wrong code, like a too-long password is a wrong password.
const CODE_IS_INVALID = {validationCodes: {invalid: {code: 'INVALID_TWO_FACTOR_CODE'}}} as const;
// During the setup no recovery code exists yet: its wrong code has a refusal that does not offer one.
const SETUP_CODE_IS_INVALID = {validationCodes: {invalid: {code: 'INVALID_SETUP_CODE'}}} as const;

export async function twoFactorRoutes(app: FastifyInstance, {config, twoFactor}: AuthRouteOptions) {
  const {routes, signedIn} = signedInRouteGroup(app, 'auth');
  // Enabling and replacing the codes both take a current code and answer the new recovery codes.
  const recoveryCodesSchema = (
    summary: string,
    wrongCode: 'INVALID_TWO_FACTOR_CODE' | 'INVALID_SETUP_CODE',
    ...refusals: Parameters<typeof errorResponses>
  ) => ({
    summary,
    body: TwoFactorCodeBody,
    response: {
      200: RecoveryCodesResponse,
      ...errorResponses('MISSING_FIELDS', wrongCode, ...refusals),
    },
  });

  routes.post(
    '/api/auth/login/two-factor',
    {
      config: {rateLimit: authRateLimit(config), ...CODE_IS_INVALID},
      schema: {
        tags: ['auth'],
        summary: "Sign in's second step: the challenge and an authenticator or recovery code",
        description:
          'The challenge lasts 5 minutes and signs in once. Wrong codes count with wrong passwords toward the sign-in lock. Each authenticator code and each recovery code works once.',
        body: TwoFactorLoginBody,
        response: {
          200: SignedInResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_TWO_FACTOR_CODE',
            'TWO_FACTOR_CHALLENGE_EXPIRED',
            'LOCKED',
            'ACCOUNT_RECOVERY_PENDING',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const step = await completeTwoFactorSignIn(twoFactor, request.body.challengeToken, request.body.code);
      const {user} = step;
      const actor = actorOf(user);
      if (step.refusal) {
        const action = step.refusal.code === 'LOCKED' ? 'sign-in.locked' : 'sign-in.failed';
        await app.recordActivity(request, action, {actor, result: 'failure'});
        throw step.refusal;
      }
      if (step.method === 'recovery-code') await app.recordActivity(request, 'two-factor.recovery-code-used', {actor});
      await app.recordActivity(request, 'sign-in', {actor});
      const client = clientOf(request);
      const token = await startSession(app.db, config, user.id, client);
      await noticeNewBrowser(app.db, app.mailer, config, user, client);
      return {token, user: toUserBody(user)};
    },
  );

  routes.post(
    '/api/auth/two-factor/setup',
    signedIn({
      summary: 'Begin setting up an authenticator app: a new secret and its QR code',
      description: 'The secret is not in force until POST /api/auth/two-factor/enable confirms a code from it.',
      response: {
        200: TwoFactorSetupResponse,
        ...errorResponses('UNAUTHORIZED', 'TWO_FACTOR_ALREADY_ENABLED', UNVERIFIED_SIGN_IN_METHOD),
      },
    }),
    async (request) => beginTwoFactorSetup(twoFactor, authOf(request).user),
  );

  routes.post(
    '/api/auth/two-factor/enable',
    signedIn(
      recoveryCodesSchema(
        'Confirm the setup with a code: two-factor is on; answers the recovery codes, shown this once',
        'INVALID_SETUP_CODE',
        'TWO_FACTOR_SETUP_REQUIRED',
        'TWO_FACTOR_ALREADY_ENABLED',
        UNVERIFIED_SIGN_IN_METHOD,
        'UNAUTHORIZED',
      ),
      {config: SETUP_CODE_IS_INVALID},
    ),
    async (request) => {
      const recoveryCodes = await enableTwoFactor(twoFactor, authOf(request).user, request.body.code);
      await app.recordActivity(request, 'two-factor.enabled');
      return {recoveryCodes};
    },
  );

  routes.post(
    '/api/auth/two-factor/recovery-codes',
    signedIn(
      recoveryCodesSchema(
        'New recovery codes for a current code; the old ones stop working',
        'INVALID_TWO_FACTOR_CODE',
        'TWO_FACTOR_NOT_ENABLED',
        UNVERIFIED_SIGN_IN_METHOD,
        ...SECRET_CHECK_REFUSALS,
      ),
      {config: {rateLimit: authRateLimit(config), ...CODE_IS_INVALID}},
    ),
    async (request) => {
      const recoveryCodes = await regenerateRecoveryCodes(twoFactor, authOf(request), request.body.code);
      await app.recordActivity(request, 'two-factor.recovery-codes-replaced');
      return {recoveryCodes};
    },
  );

  routes.post(
    '/api/auth/two-factor/disable',
    signedIn(
      {
        summary: 'Turn two-factor off: the password and a current code; a notice is emailed',
        body: TwoFactorDisableBody,
        response: {
          204: Type.Null({description: 'Two-factor is off'}),
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_CURRENT_PASSWORD',
            'INVALID_TWO_FACTOR_CODE',
            'TWO_FACTOR_NOT_ENABLED',
            ...SECRET_CHECK_REFUSALS,
          ),
        },
      },
      {
        config: {
          rateLimit: authRateLimit(config),
          validationCodes: {invalid: {password: 'INVALID_CURRENT_PASSWORD', code: 'INVALID_TWO_FACTOR_CODE'}},
        },
      },
    ),
    async (request, reply) => {
      const session = await sessionAccount(app.db, request);
      await disableTwoFactor(twoFactor, session, request.body.password, request.body.code);
      await app.recordActivity(request, 'two-factor.disabled');
      return reply.code(204).send(null);
    },
  );
}

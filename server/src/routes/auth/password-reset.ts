// POST /api/auth/forgot-password and POST /api/auth/reset-password, and the recovery of an account whose
// authenticator is lost (POST /api/auth/account-recovery and its cancel link).
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {
  AccountRecoveryBody,
  AccountRecoveryStartedResponse,
  CancelAccountRecoveryBody,
  MessageBody,
  ResetPasswordBody,
} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {requestPasswordReset, resetPassword} from '../../services/password-reset.js';
import {cancelAccountRecovery, startAccountRecovery} from '../../services/account-recovery.js';
import {actorOf} from '../../services/activity.js';
import type {AuthRouteOptions} from './options.js';
import {emailLinkRequestRoute} from './email-link-request.js';
import {spendTwoFactorCode} from '../../services/two-factor.js';

/** What a call carrying a reset link and a new password can be refused for, before its own rules. */
const RESET_LINK_ERRORS = [
  'MISSING_FIELDS',
  'TOKEN_REQUIRED',
  'INVALID_OR_EXPIRED',
  'EXPIRED',
  'ALREADY_USED',
  'INVALID_PASSWORD',
  'PASSWORD_TOO_COMMON',
] as const;

export async function passwordResetRoutes(app: FastifyInstance, {config, twoFactor}: AuthRouteOptions) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  emailLinkRequestRoute(app, config, {
    url: '/api/auth/forgot-password',
    summary: 'Email a password reset link (same answer whether or not the account exists)',
    work: 'forgot-password',
    send: (email) => requestPasswordReset(app, config, email),
    answer: (email) => `If an account exists with ${email}, we've sent password reset instructions.`,
  });

  routes.post(
    '/api/auth/reset-password',
    {
      config: {
        rateLimit: authRateLimit(config),
        validationCodes: {invalid: {token: 'INVALID_OR_EXPIRED', code: 'INVALID_TWO_FACTOR_CODE'}},
      },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link sent by email; signs out every session and removes every passkey',
        description:
          'With two-factor on, `code` (an authenticator or recovery code) is needed too: without it the answer is TWO_FACTOR_CODE_REQUIRED and the link still works. A link checks at most LOGIN_LOCK_ATTEMPTS codes. Without any code, POST /api/auth/account-recovery.',
        body: ResetPasswordBody,
        response: {
          200: MessageBody,
          ...errorResponses(
            ...RESET_LINK_ERRORS,
            'TWO_FACTOR_CODE_REQUIRED',
            'INVALID_TWO_FACTOR_CODE',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const outcome = await resetPassword(app, config, request.body, (userId, code) =>
        spendTwoFactorCode(twoFactor, userId, code),
      );
      if (outcome) {
        const actor = actorOf(outcome.user);
        if (outcome.secondFactor === 'recovery-code') {
          await app.recordActivity(request, 'two-factor.recovery-code-used', {actor});
        }
        await app.recordActivity(request, 'password.reset', {actor});
        for (const passkey of outcome.removedPasskeys) {
          await app.recordActivity(request, 'passkey.removed', {
            actor,
            target: {type: 'passkey', id: passkey.id, label: passkey.name},
          });
        }
      }
      return {message: 'Password reset successful! You can now sign in with your new password.'};
    },
  );

  routes.post(
    '/api/auth/account-recovery',
    {
      config: {rateLimit: authRateLimit(config), validationCodes: {invalid: {token: 'INVALID_OR_EXPIRED'}}},
      schema: {
        tags: ['auth'],
        summary: "Recover an account with two-factor on without a code ('I can't use my authenticator')",
        description:
          'Spends the reset link and starts a wait of ACCOUNT_RECOVERY_WAIT_DAYS (7) in which every session is signed out and nobody can sign in. The address is emailed a link to cancel it; when it ends, two-factor and every passkey are removed, the new password takes effect and the address is emailed again.',
        body: AccountRecoveryBody,
        response: {
          202: AccountRecoveryStartedResponse,
          ...errorResponses(...RESET_LINK_ERRORS, 'TWO_FACTOR_NOT_ENABLED', 'RATE_LIMIT_EXCEEDED'),
        },
      },
    },
    async (request, reply) => {
      const {user, endsAt} = await startAccountRecovery(app, config, request.body.token, request.body.newPassword);
      await app.recordActivity(request, 'account-recovery.started', {actor: actorOf(user)});
      return reply.code(202).send({
        message: 'Account recovery started. We emailed you the date it ends, and a link to cancel it.',
        endsAt: endsAt.toISOString(),
      });
    },
  );

  routes.post(
    '/api/auth/account-recovery/cancel',
    {
      config: {rateLimit: authRateLimit(config), validationCodes: {invalid: {token: 'INVALID_OR_EXPIRED'}}},
      schema: {
        tags: ['auth'],
        summary: 'Cancel an account recovery with the link emailed when it started',
        description: 'The password, authenticator and passkeys of the account work again as before.',
        body: CancelAccountRecoveryBody,
        response: {
          200: MessageBody,
          ...errorResponses('MISSING_FIELDS', 'TOKEN_REQUIRED', 'INVALID_OR_EXPIRED', 'RATE_LIMIT_EXCEEDED'),
        },
      },
    },
    async (request) => {
      const user = await cancelAccountRecovery(app.db, request.body.token);
      if (user) await app.recordActivity(request, 'account-recovery.cancelled', {actor: actorOf(user)});
      return {message: 'Account recovery cancelled. You can sign in as before.'};
    },
  );
}

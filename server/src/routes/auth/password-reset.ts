// POST /api/auth/forgot-password and POST /api/auth/reset-password.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {EmailOnlyBody, MessageBody, ResetPasswordBody} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {requestPasswordReset, resetPassword} from '../../services/password-reset.js';
import {actorOf} from '../../services/activity.js';
import type {AuthRouteOptions} from './options.js';

export async function passwordResetRoutes(app: FastifyInstance, {config}: AuthRouteOptions) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post(
    '/api/auth/forgot-password',
    {
      config: {rateLimit: authRateLimit(config), validationCodes: {missing: {email: 'EMAIL_REQUIRED'}}},
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: EmailOnlyBody,
        response: {200: MessageBody, ...errorResponses('EMAIL_REQUIRED', 'INVALID_EMAIL', 'RATE_LIMIT_EXCEEDED')},
      },
      // The answer leaves before the lookup, the token and the email: the same time for every address.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const {email} = request.body;
        app.mailer.background('forgot-password', () => requestPasswordReset(app, config, email));
      },
    },
    async (request) => {
      return {message: `If an account exists with ${request.body.email}, we've sent password reset instructions.`};
    },
  );

  routes.post(
    '/api/auth/reset-password',
    {
      config: {
        rateLimit: authRateLimit(config),
        validationCodes: {invalid: {token: 'INVALID_OR_EXPIRED'}},
      },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link sent by email; signs out every session',
        body: ResetPasswordBody,
        response: {
          200: MessageBody,
          ...errorResponses(
            'MISSING_FIELDS',
            'TOKEN_REQUIRED',
            'INVALID_OR_EXPIRED',
            'EXPIRED',
            'ALREADY_USED',
            'INVALID_PASSWORD',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const {token, newPassword} = request.body;
      const user = await resetPassword(app, config, token, newPassword);
      if (user) await app.recordActivity(request, 'password.reset', {actor: actorOf(user)});
      return {message: 'Password reset successful! You can now sign in with your new password.'};
    },
  );
}

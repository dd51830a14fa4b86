// POST /api/auth/forgot-password and POST /api/auth/reset-password.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {ApiError} from '../../errors.js';
import {hashPassword, isAcceptablePassword} from '../../lib/passwords.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {clearAttemptsOfUser} from '../../repositories/login-throttle-repository.js';
import {deleteUserSessions} from '../../repositories/sessions-repository.js';
import {findUser, updateUser} from '../../repositories/users-repository.js';
import {EmailOnlyBody, MessageBody, ResetPasswordBody} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {consumeToken, createLink, findUsableToken} from '../../services/email-links.js';
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
    },
    async (request) => {
      const {email} = request.body;
      const user = await findUser(app.db, {email});
      // The token write and the email happen after the answer: both branches cost one lookup,
      // so neither the body nor the timing tells whether the account exists.
      if (user) {
        app.mailer.send(user.email, async () => ({
          kind: 'reset-password',
          link: await createLink(app.db, config, user.id, 'reset_password'),
          name: user.name,
        }));
      }
      return {message: `If an account exists with ${email}, we've sent password reset instructions.`};
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
      const now = config.now();
      const usable = await findUsableToken(app.db, now, 'reset_password', token, 'INVALID_OR_EXPIRED');
      // Checked after the token so a weak password does not burn a valid link.
      if (!isAcceptablePassword(newPassword)) throw new ApiError('INVALID_PASSWORD');
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction().execute(async (trx) => {
        await consumeToken(trx, usable.id, now);
        // Following the link proves the address too.
        await updateUser(trx, usable.userId, {passwordHash, emailVerified: true}, now);
        await deleteUserSessions(trx, usable.userId);
        // The mailbox owner is back in: a lock someone else keeps renewing with wrong passwords lifts.
        await clearAttemptsOfUser(trx, usable.userId);
      });
      const user = await findUser(app.db, {id: usable.userId});
      if (user) app.mailer.send(user.email, {kind: 'password-changed', name: user.name, portalUrl: config.portalUrl});
      return {message: 'Password reset successful! You can now sign in with your new password.'};
    },
  );
}

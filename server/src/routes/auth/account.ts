// PATCH /api/auth/profile, POST /api/auth/change-password and DELETE /api/auth/account.
import {Type} from 'typebox';
import type {FastifyInstance} from 'fastify';
import {authOf} from '../../plugins/auth.js';
import {sessionAccount} from '../current-user.js';
import {signedInRouteGroup} from '../route-helpers.js';
import {SECRET_CHECK_REFUSALS} from './secret-check-refusals.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {
  ChangePasswordBody,
  DeleteAccountBody,
  MessageBody,
  ProfileBody,
  UserResponse,
} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {deleteAccount} from '../../services/account-deletion.js';
import {changePassword, updateProfile} from '../../services/accounts.js';
import {checkCurrentPassword} from '../../services/login-throttle.js';
import {clientOf} from '../../services/sessions.js';
import type {AuthRouteOptions} from './options.js';
import {toUserBody} from './user-body.js';

export async function accountRoutes(app: FastifyInstance, {config}: AuthRouteOptions) {
  const {routes, signedIn} = signedInRouteGroup(app, 'auth');

  routes.patch(
    '/api/auth/profile',
    signedIn(
      {
        summary: 'Update the display name',
        body: ProfileBody,
        response: {
          200: UserResponse,
          ...errorResponses('INVALID_NAME', 'NAME_INVISIBLE_CHARACTERS', 'NAME_HAS_ADDRESS', 'UNAUTHORIZED'),
        },
      },
      {
        config: {validationCodes: {missing: {name: 'INVALID_NAME'}}},
      },
    ),
    async (request) => {
      const {userId} = authOf(request);
      return {user: toUserBody(await updateProfile(app.db, config, userId, {name: request.body.name}))};
    },
  );

  routes.post(
    '/api/auth/change-password',
    signedIn(
      {
        summary: 'Change the password; signs out other sessions and returns a new token in x-new-token',
        body: ChangePasswordBody,
        response: {
          200: MessageBody,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_PASSWORD',
            'PASSWORD_TOO_COMMON',
            'INVALID_CURRENT_PASSWORD',
            ...SECRET_CHECK_REFUSALS,
          ),
        },
      },
      {
        config: {rateLimit: authRateLimit(config)},
      },
    ),
    async (request, reply) => {
      const {currentPassword, newPassword} = request.body;
      const session = await sessionAccount(app.db, request);
      const {user} = session;
      await checkCurrentPassword(app.db, config, session, currentPassword);
      const token = await changePassword(app.db, config, app.mailer, user, newPassword, clientOf(request));
      await app.recordActivity(request, 'password.changed');
      return reply
        .header('x-new-token', token)
        .send({message: 'Password changed successfully! A confirmation email has been sent.'});
    },
  );

  routes.delete(
    '/api/auth/account',
    signedIn(
      {
        summary: 'Delete the account (password required); team ownership passes on',
        body: DeleteAccountBody,
        response: {
          204: Type.Null({description: 'Deleted'}),
          ...errorResponses('MISSING_FIELDS', 'INVALID_CURRENT_PASSWORD', ...SECRET_CHECK_REFUSALS),
        },
      },
      {
        // `password` here is the current password: too long simply means wrong.
        config: {rateLimit: authRateLimit(config), validationCodes: {invalid: {password: 'INVALID_CURRENT_PASSWORD'}}},
      },
    ),
    async (request, reply) => {
      const session = await sessionAccount(app.db, request);
      const {user} = session;
      await checkCurrentPassword(app.db, config, session, request.body.password);
      // Recorded before: the event outlives the account (its email as it was), in the team it belonged to.
      await app.recordActivity(request, 'account.deleted', {target: {type: 'account', id: user.id, label: user.email}});
      await deleteAccount(app.db, user);
      reply.removeHeader('x-new-token');
      return reply.code(204).send(null);
    },
  );
}

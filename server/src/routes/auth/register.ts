// POST /api/auth/register: creates the account (and its team when a team name is given), then
// emails a verification link. Registering never joins a team: an invitation is accepted only by
// pressing Join on its page. Signing up through a usable invitation for the same address proves
// the mailbox, so that account starts verified and no verification email is sent.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {ApiError} from '../../errors.js';
import {verifyTurnstile} from '../../lib/turnstile.js';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {RegisterBody, RegisterResponse} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {registerAccount} from '../../services/accounts.js';
import type {AuthRouteOptions} from './options.js';

export async function registerRoute(app: FastifyInstance, {config}: AuthRouteOptions) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/auth/register',
    {
      config: {rateLimit: authRateLimit(config)},
      schema: {
        tags: ['auth'],
        summary: 'Create an account and send the verification email',
        body: RegisterBody,
        response: {
          201: RegisterResponse,
          ...errorResponses(
            'MISSING_FIELDS',
            'INVALID_EMAIL',
            'INVALID_PASSWORD',
            'PASSWORD_TOO_COMMON',
            'INVALID_NAME',
            'NAME_INVISIBLE_CHARACTERS',
            'NAME_HAS_ADDRESS',
            'TURNSTILE_FAILED',
            'EMAIL_IN_USE',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request, reply) => {
      const {email, password, turnstileToken} = request.body;
      // Empty optional names mean "not given" (the portal omits them; other clients may not).
      const name = request.body.name || null;
      const teamName = request.body.teamName || null;
      if (!(await verifyTurnstile(config.turnstileSecretKey, turnstileToken, request.ip))) {
        throw new ApiError('TURNSTILE_FAILED');
      }
      const {emailVerified} = await registerAccount(app.db, config, app.mailer, {
        email,
        password,
        name,
        teamName,
        invitationToken: request.body.invitationToken,
      });
      if (emailVerified) return reply.code(201).send({message: 'Account created. You can sign in now.', emailVerified});
      return reply
        .code(201)
        .send({message: 'Account created. Check your email to verify your address.', emailVerified});
    },
  );
}

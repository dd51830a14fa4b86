// GET /api/auth/verify and POST /api/auth/resend-verification.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {MessageBody, VerifyQuery} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import {resendVerification, verifyEmail} from '../../services/email-links.js';
import {actorOf} from '../../services/activity.js';
import type {AuthRouteOptions} from './options.js';
import {emailLinkRequestRoute} from './email-link-request.js';

export async function verificationRoutes(app: FastifyInstance, {config}: AuthRouteOptions) {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/api/auth/verify',
    {
      config: {rateLimit: authRateLimit(config)},
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the link sent by email',
        querystring: VerifyQuery,
        response: {
          200: MessageBody,
          ...errorResponses(
            'TOKEN_REQUIRED',
            'INVALID_TOKEN',
            'INVALID_OR_EXPIRED',
            'EXPIRED',
            'ALREADY_USED',
            'ALREADY_VERIFIED',
            'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request) => {
      const user = await verifyEmail(app.db, config, request.query.token);
      if (user) await app.recordActivity(request, 'email.verified', {actor: actorOf(user)});
      return {message: 'Email verified successfully!'};
    },
  );

  emailLinkRequestRoute(app, config, {
    url: '/api/auth/resend-verification',
    summary: 'Send a new verification link (same answer whether or not the account exists)',
    work: 'resend-verification',
    send: (email) => resendVerification(app, config, email),
    answer: () => 'If an unverified account exists for this address, a new verification email is on its way.',
  });
}

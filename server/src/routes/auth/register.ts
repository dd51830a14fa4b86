// POST /api/auth/register: creates the account (and its team when a team name is given, or joins
// the team that invited the address), then emails a verification link.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError } from '../../errors.js';
import { hashPassword, isAcceptablePassword } from '../../lib/passwords.js';
import { verifyTurnstile } from '../../lib/turnstile.js';
import { authRateLimit } from '../../plugins/rate-limit.js';
import { findUser, insertUser } from '../../repositories/users-repository.js';
import { addMember, createTeamWithOwner, takeInvitation } from '../../repositories/teams-repository.js';
import { MessageBody, RegisterBody } from '../../schemas/auth.js';
import { errorResponses } from '../../schemas/common.js';
import { sendVerificationEmail } from '../../services/email-links.js';
import type { AuthRouteOptions } from './options.js';

export async function registerRoute(app: FastifyInstance, { config }: AuthRouteOptions) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/auth/register',
    {
      config: { rateLimit: authRateLimit(config) },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and send the verification email',
        body: RegisterBody,
        response: {
          201: MessageBody,
          ...errorResponses(
            'MISSING_FIELDS', 'INVALID_EMAIL', 'INVALID_PASSWORD', 'INVALID_NAME', 'TURNSTILE_FAILED',
            'EMAIL_IN_USE', 'RATE_LIMIT_EXCEEDED',
          ),
        },
      },
    },
    async (request, reply) => {
      const { email, password, turnstileToken } = request.body;
      // Empty optional names mean "not given" (the portal omits them; other clients may not).
      const name = request.body.name || null;
      const teamName = request.body.teamName || null;
      if (!(await verifyTurnstile(config.turnstileSecretKey, turnstileToken, request.ip))) {
        throw new ApiError('TURNSTILE_FAILED');
      }
      if (!isAcceptablePassword(password)) throw new ApiError('INVALID_PASSWORD');
      if (await findUser(app.db, { email })) throw new ApiError('EMAIL_IN_USE');

      const passwordHash = await hashPassword(password);
      const now = config.now();
      const userId = await app.db.transaction().execute(async (trx) => {
        const id = await insertUser(trx, { email, name, passwordHash, now });
        if (!id) throw new ApiError('EMAIL_IN_USE');
        const invitation = await takeInvitation(trx, email);
        if (teamName) await createTeamWithOwner(trx, teamName, id, now);
        else if (invitation) await addMember(trx, invitation.team_id, id, 'member', now);
        return id;
      });
      sendVerificationEmail(app, config, { id: userId, email, name });
      return reply.code(201).send({ message: 'Account created. Check your email to verify your address.' });
    },
  );
}

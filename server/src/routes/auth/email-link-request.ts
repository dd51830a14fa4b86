// A request for a link by email (a password reset, a new verification link). The answer is the same whether or not
// the account exists, and it leaves before the lookup, the token and the email: the same time for every address.
import type {FastifyInstance} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';
import {authRateLimit} from '../../plugins/rate-limit.js';
import {EmailOnlyBody, MessageBody} from '@intakekit/contract/schemas/auth';
import {errorResponses} from '@intakekit/contract/schemas/common';
import type {Config} from '../../config.js';

export interface EmailLinkRequest {
  url: string;
  summary: string;
  /** The background work's name in the logs. */
  work: string;
  /** Looks the address up and sends the link, after the answer. */
  send: (email: string) => Promise<void>;
  answer: (email: string) => string;
}

export function emailLinkRequestRoute(
  app: FastifyInstance,
  config: Config,
  {url, summary, work, send, answer}: EmailLinkRequest,
) {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    url,
    {
      config: {rateLimit: authRateLimit(config), validationCodes: {missing: {email: 'EMAIL_REQUIRED'}}},
      schema: {
        tags: ['auth'],
        summary,
        body: EmailOnlyBody,
        response: {200: MessageBody, ...errorResponses('EMAIL_REQUIRED', 'INVALID_EMAIL', 'RATE_LIMIT_EXCEEDED')},
      },
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const {email} = request.body;
        app.mailer.background(work, () => send(email));
      },
    },
    async (request) => ({message: answer(request.body.email)}),
  );
}

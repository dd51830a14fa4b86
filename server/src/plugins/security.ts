// Response headers that every answer carries: helmet's security headers, CORS for the portal's
// origin only (the SDK endpoint is the exception: customer pages on any origin call it with an
// API key, never with a session), and no caching of anything that may hold a token or key.
import cors, {type FastifyCorsOptionsDelegatePromise} from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type {Config} from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, token-free answers (health, OpenAPI) may be cached; everything else is no-store. */
    cacheable?: boolean;
  }
}

export const securityPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    await app.register(helmet, {
      // A JSON API serves no documents: lock content down entirely.
      contentSecurityPolicy: {directives: {defaultSrc: ["'none'"], frameAncestors: ["'none'"]}},
      hsts: {maxAge: 31_536_000, includeSubDomains: true},
      referrerPolicy: {policy: 'no-referrer'},
      // The SDK endpoint is fetched cross-origin from customer pages.
      crossOriginResourcePolicy: {policy: 'cross-origin'},
    });

    const portalOnly = {
      // A list (not a string) so other origins get no Access-Control-Allow-Origin at all.
      origin: [config.portalUrl],
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['x-new-token', 'Retry-After'],
      maxAge: 600,
    };
    const anyOrigin = {...portalOnly, origin: '*', methods: ['POST']};
    const delegate: FastifyCorsOptionsDelegatePromise = async (request) =>
      request.url.startsWith('/api/sdk/') ? anyOrigin : portalOnly;
    await app.register(cors, () => delegate);

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.cacheable) reply.header('Cache-Control', 'no-store');
      return payload;
    });
  },
  {name: 'security', fastify: '5.x'},
);

// Response headers that every answer carries: helmet's security headers, CORS for the portal's
// origin only (the SDK endpoint is the exception: customer pages on any origin call it with an
// API key, never with a session), and no caching of anything that may hold a token or key.
// Both are worked out once per process: @fastify/helmet rebuilt helmet's middleware on every request,
// and a CORS delegate had its options normalised on every request (3.8% and 2.6% of the API's CPU under
// load, bench/README.md).
import type {IncomingMessage, ServerResponse} from 'node:http';
import cors, {type FastifyCorsOptions} from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, {type HelmetOptions} from 'helmet';
import type {Config} from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public, token-free answers (health, OpenAPI) may be cached; everything else is no-store. */
    cacheable?: boolean;
    /** @fastify/cors reads a route's own options here, laid over the plugin's. */
    cors?: Partial<FastifyCorsOptions>;
  }
}

const HELMET_OPTIONS: HelmetOptions = {
  // A JSON API serves no documents: lock content down entirely.
  contentSecurityPolicy: {directives: {defaultSrc: ["'none'"], frameAncestors: ["'none'"]}},
  hsts: {maxAge: 31_536_000, includeSubDomains: true},
  referrerPolicy: {policy: 'no-referrer'},
  // The SDK endpoint is fetched cross-origin from customer pages.
  crossOriginResourcePolicy: {policy: 'cross-origin'},
};

/** The headers helmet sets with these options: they depend on nothing in the request, so they are read once. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Paths called from customer pages on any origin. */
const SDK_PREFIX = '/api/sdk/';

export const securityPlugin = fp<{config: Config}>(
  async (app, {config}) => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });

    const portalOnly = {
      // A list (not a string) so other origins get no Access-Control-Allow-Origin at all.
      origin: [config.portalUrl],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['x-new-token', 'Retry-After'],
      maxAge: 600,
    };
    // The SDK's routes (and their preflight, below) carry their own options, which @fastify/cors lays over these.
    const anyOrigin = {origin: '*', methods: ['POST']};
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith(SDK_PREFIX)) route.config = {...route.config, cors: anyOrigin};
    });
    await app.register(cors, portalOnly);
    app.options(`${SDK_PREFIX}*`, {schema: {hide: true}}, async (_request, reply) => reply.send());

    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.cacheable) reply.header('Cache-Control', 'no-store');
      return payload;
    });
  },
  {name: 'security', fastify: '5.x'},
);

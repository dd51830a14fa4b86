// GET /metrics: Prometheus text format, served only when METRICS_TOKEN is set and only to
// `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Left out of the OpenAPI
// document: it is for the operator's scraper, not for API clients. Never shed, so the scraper sees
// the pressure.
import crypto from 'node:crypto';
import type {FastifyInstance} from 'fastify';
import type {Config} from '../config.js';
import {ApiError} from '../errors.js';

function digest(value: string): Buffer {
  return crypto.createHash('sha256').update(value).digest();
}

/** Equal-length digests, so neither the comparison nor its length check leaks how much matched. */
function sameToken(given: string, expected: string): boolean {
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

export async function metricsRoutes(app: FastifyInstance, {config}: {config: Config}) {
  const token = config.metricsToken;
  if (!token) return;
  app.get('/metrics', {config: {unshed: true}, schema: {hide: true}}, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) throw new ApiError('UNAUTHORIZED', {headers: {'WWW-Authenticate': 'Bearer'}});
    const {contentType, body} = await app.metrics.render();
    return reply.type(contentType).send(body);
  });
}

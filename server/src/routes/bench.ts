// The benchmark's floors (`npm run bench` starts the API with BENCH_ROUTES=1): one `SELECT 1` through the same
// database layer, and a route that touches nothing. Hidden from the OpenAPI document; never mounted by default.
import type {FastifyInstance} from 'fastify';
import {pingDatabase} from '../services/health.js';

export async function benchRoutes(app: FastifyInstance) {
  app.get('/api/bench/select1', {schema: {hide: true}}, async () => {
    await pingDatabase(app.db);
    return {ok: true};
  });
  app.get('/api/bench/noop', {schema: {hide: true}}, async () => ({ok: true}));
}

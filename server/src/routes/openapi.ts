// GET /api/openapi.json: the OpenAPI 3 document generated from the route schemas.
import type {FastifyInstance} from 'fastify';

export async function openapiRoutes(app: FastifyInstance) {
  app.get('/api/openapi.json', {schema: {hide: true}, config: {cacheable: true}}, async () => app.swagger());
}

// Collects every route's schema into an OpenAPI 3 document. Must be registered before routes.
import swagger from '@fastify/swagger';
import { ERROR_CATALOGUE } from '../errors.js';
import { sharedPlugin } from './shared-plugin.js';

export const openapiPlugin = sharedPlugin('openapi', async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'IntakeKit API',
        version: '1.0.0',
        description:
          'Accounts, API keys, teams and SDK sessions. Every failure answers `{ "error": { "code", "message" } }`. Codes:\n\n' +
          Object.entries(ERROR_CATALOGUE)
            .map(([code, { status, message }]) => `- \`${code}\` (${status}): ${message}`)
            .join('\n'),
      },
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: 'Session token from POST /api/auth/login' },
          apiKey: { type: 'http', scheme: 'bearer', description: 'An ik_sandbox_... or ik_production_... API key' },
        },
      },
    },
  });
});

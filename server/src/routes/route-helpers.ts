// What the portal's signed-in team routes share, so that each route states only what is its own.
import type {FastifyContextConfig, FastifyInstance, FastifySchema} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';

/** The portal's cookie session, as the OpenAPI document names it. */
export const SESSION = [{session: []}];

/** A route's own options beside its schema. */
export interface TeamRouteOptions {
  config?: FastifyContextConfig;
  bodyLimit?: number;
}

/**
 * A group of a team's routes, under one tag of the OpenAPI document. Each route needs a signed-in user and passes the
 * team's two-factor policy (a team that requires it keeps its data from members without it), named by its session.
 */
export function teamRouteGroup(app: FastifyInstance, tag: string) {
  const preHandler = [app.requireUser, app.requireTeamPolicy];
  const tags = [tag];
  return {
    routes: app.withTypeProvider<TypeBoxTypeProvider>(),
    teamRoute: <S extends FastifySchema>(schema: S, options: TeamRouteOptions = {}) => ({
      ...options,
      preHandler,
      schema: {tags, ...schema, security: SESSION},
    }),
  };
}

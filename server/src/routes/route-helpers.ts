// What the portal's signed-in routes share, so that each route states only what is its own.
import type {FastifyContextConfig, FastifyInstance, FastifySchema, preHandlerHookHandler} from 'fastify';
import type {TypeBoxTypeProvider} from '@fastify/type-provider-typebox';

/** The portal's cookie session, as the OpenAPI document names it. */
export const SESSION = [{session: []}];

/** A route's own options beside its schema. */
export interface RouteOptions {
  config?: FastifyContextConfig;
  bodyLimit?: number;
}

/** Routes under one tag of the OpenAPI document, behind the same preHandler, each named by its session. */
function routeGroup(app: FastifyInstance, tag: string, preHandler: preHandlerHookHandler | preHandlerHookHandler[]) {
  const tags = [tag];
  return {
    routes: app.withTypeProvider<TypeBoxTypeProvider>(),
    route: <S extends FastifySchema>(schema: S, options: RouteOptions = {}) => ({
      ...options,
      preHandler,
      schema: {tags, ...schema, security: SESSION},
    }),
  };
}

/**
 * A group of a team's routes. Each needs a signed-in user and passes the team's two-factor policy (a team that
 * requires it keeps its data from members without it).
 */
export function teamRouteGroup(app: FastifyInstance, tag: string) {
  const {routes, route} = routeGroup(app, tag, [app.requireUser, app.requireTeamPolicy]);
  return {routes, teamRoute: route};
}

/** A group of routes about the signed-in user's own account: each needs only a signed-in user. */
export function signedInRouteGroup(app: FastifyInstance, tag: string) {
  const {routes, route} = routeGroup(app, tag, app.requireUser);
  return {routes, signedIn: route};
}

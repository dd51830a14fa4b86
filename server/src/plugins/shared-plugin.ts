// Marks a plugin as "shared" so its decorators and hooks apply to the whole app instead of an
// encapsulated child context, names it, and declares the plugins it needs (Fastify refuses to
// load it before them). This is what fastify-plugin does (the skip-override and plugin-meta
// symbols); doing it here avoids depending on a package the server does not declare.
import type {FastifyInstance} from 'fastify';

export function sharedPlugin<Options>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
  dependencies: string[] = [],
): (app: FastifyInstance, options: Options) => Promise<void> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: {name, dependencies},
  });
}

// buildApp(config): the whole API, ready for inject() or listen(). It never listens itself.
// Order matters: framework plugins (errors, security, rate limits, OpenAPI), then app plugins
// (database, mailer, auth, scheduled jobs), then routes.
import crypto from 'node:crypto';
import Fastify, {type FastifyInstance} from 'fastify';
import {redactUrl, type Config} from './config.js';
import type {Db} from './db/connect.js';
import {loggerOptions} from './logger.js';
import {MAX_PARAM_LENGTH, routablePath} from './lib/routable-path.js';
import {resolveSecretKey} from './lib/secret-key.js';
import {sharedSchemaCompilers} from './lib/schema-compilers.js';
import {useTurnstileEndpoint} from './lib/turnstile.js';
import {authPlugin} from './plugins/auth.js';
import {dbPlugin, prepareDatabase} from './plugins/db.js';
import {errorsPlugin} from './plugins/errors.js';
import {connectionLimitsPlugin} from './plugins/connection-limits.js';
import {loadSheddingPlugin} from './plugins/load-shedding.js';
import {mailerPlugin} from './plugins/mailer.js';
import {metricsPlugin} from './plugins/metrics.js';
import {normalizeInputPlugin} from './plugins/normalize-input.js';
import {openapiPlugin} from './plugins/openapi.js';
import {keyUsagePlugin} from './plugins/key-usage.js';
import {rateLimitPlugin} from './plugins/rate-limit.js';
import {schedulerPlugin} from './plugins/scheduler.js';
import {securityPlugin} from './plugins/security.js';
import {stateCachePlugin} from './plugins/state-cache.js';
import {teamFlowsPlugin} from './plugins/team-flows.js';
import {authRoutes} from './routes/auth/index.js';
import {benchRoutes} from './routes/bench.js';
import {healthRoutes} from './routes/health.js';
import {invitationRoutes} from './routes/invitations/index.js';
import {keyRoutes} from './routes/keys/index.js';
import {serverKeyRoutes} from './routes/server-keys/index.js';
import {webhookRoutes} from './routes/webhooks/index.js';
import {flowRoutes} from './routes/flows/index.js';
import {webhookInboxRoutes} from './routes/webhook-inbox/index.js';
import {webhooksPlugin} from './plugins/webhooks.js';
import {submissionsApiRoutes} from './routes/v1/submissions.js';
import {metricsRoutes} from './routes/metrics.js';
import {openapiRoutes} from './routes/openapi.js';
import {sdkSessionRoutes} from './routes/sdk/sessions.js';
import {sdkSubmissionRoutes} from './routes/sdk/submissions.js';
import {teamRoutes} from './routes/team/index.js';
import {accountRecoveryJob} from './services/account-recovery.js';
import {housekeepingJob} from './services/housekeeping.js';
import {keyExpiryRemindersJob} from './services/key-expiry-reminders.js';
import {webhookEventsBox} from './services/webhook-events.js';
import {secretBox} from './lib/secret-box.js';
import {activityPlugin} from './plugins/activity.js';
import {activityRoutes} from './routes/activity/index.js';
import {submissionRoutes} from './routes/submissions/index.js';

export interface BuildOptions {
  /** Use this open database instead of the configured one; the app will not close it. */
  db?: Db;
  /** With a PostgreSQL `db`: where the change listener connects (the caches keep nothing without one). */
  listenUrl?: string;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Resolved at start so a missing, unwritable DATA_DIR fails now rather than on first key use.
  const secretKey = await resolveSecretKey(config.secretKey, config.dataDir);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config),
    genReqId: () => crypto.randomUUID(),
    // Never trust a client-chosen request id, nor a forwarded address unless it comes from a proxy
    // named in TRUST_PROXY (rate limits key on request.ip).
    requestIdHeader: false,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 64 * 1024,
    // Slow clients: 500 connections trickling a body one byte every 10 s held the process's
    // descriptors. A request must arrive whole within REQUEST_TIMEOUT_SECONDS, its headers within 10 s;
    // Node checks every half second, not every 30 (its default). A keep-alive connection may idle 65 s,
    // longer than the 60 s of common load balancers, so the proxy, not us, closes it first.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 70_000,
    keepAliveTimeout: 65_000,
    http: {headersTimeout: Math.min(10_000, config.requestTimeoutMs), connectionsCheckingInterval: 500},
    routerOptions: {maxParamLength: MAX_PARAM_LENGTH},
    rewriteUrl: (request) => routablePath(request.url ?? '/'),
    ajv: {
      // A wrong type is a client error, not something to coerce ("123" stays a string, 123 is refused).
      customOptions: {coerceTypes: false, removeAdditional: true, allErrors: false},
    },
    schemaController: sharedSchemaCompilers,
  });

  useTurnstileEndpoint({
    url: config.turnstileVerifyUrl,
    timeoutMs: config.turnstileTimeoutMs,
    warn: (details, message) => app.log.warn(details, message),
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {config});
  // After the security headers (a shed request carries them), before the rate limits and any parsing.
  await app.register(loadSheddingPlugin, {config});
  // Before the rate limits: a forwarded client over its requests in flight is refused before it is counted.
  await app.register(connectionLimitsPlugin, {config});
  await app.register(metricsPlugin, {config});
  await app.register(rateLimitPlugin, {config});
  await app.register(openapiPlugin);
  await app.register(normalizeInputPlugin);

  const database = await prepareDatabase(config, options.db, app.log);
  const label = options.db
    ? 'provided'
    : config.databaseUrl
      ? redactUrl(config.databaseUrl)
      : `pglite:${config.dataDir}/db`;
  await app.register(dbPlugin, {database, label});
  await app.register(mailerPlugin, {config, secretKey});
  await app.register(webhooksPlugin, {config, secretKey});
  await app.register(stateCachePlugin, {config, listenUrl: options.listenUrl});
  await app.register(keyUsagePlugin, {config});
  await app.register(teamFlowsPlugin, {config});
  await app.register(authPlugin, {config});
  await app.register(activityPlugin, {config});
  await app.register(schedulerPlugin, {
    config,
    jobs: [
      housekeepingJob(config),
      keyExpiryRemindersJob(config, {mail: secretBox(secretKey, 'mail-outbox'), events: webhookEventsBox(secretKey)}),
      accountRecoveryJob(config, secretBox(secretKey, 'mail-outbox')),
    ],
  });

  await app.register(healthRoutes);
  await app.register(metricsRoutes, {config});
  await app.register(openapiRoutes);
  await app.register(authRoutes, {config, secretKey});
  await app.register(keyRoutes, {config, secretKey});
  await app.register(serverKeyRoutes, {config});
  await app.register(webhookRoutes, {config, secretKey});
  await app.register(flowRoutes, {config});
  await app.register(webhookInboxRoutes, {config, secretKey});
  await app.register(submissionsApiRoutes, {config, secretKey});
  await app.register(teamRoutes, {config});
  await app.register(invitationRoutes, {config});
  await app.register(sdkSessionRoutes, {config, secretKey});
  await app.register(sdkSubmissionRoutes, {config, secretKey});
  await app.register(activityRoutes);
  await app.register(submissionRoutes, {config, secretKey});
  if (config.benchRoutes) await app.register(benchRoutes);

  // Not ready()-ed here: listen() and inject() do that, and tests may add a route first.
  return app;
}

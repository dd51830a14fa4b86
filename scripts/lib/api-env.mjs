// What `npm start` adds to the API's environment for development on one machine. `npm run serve` adds nothing:
// it runs the API as production does. What the developer set in the environment always wins.

const DEV_DEFAULTS = {
  // Development logs are for a person at a terminal (pino-pretty); `serve` keeps production's JSON.
  LOG_FORMAT: 'pretty',
  // A webhook receiver on the developer's own machine (localhost) is the usual first endpoint.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
};

/**
 * @param {'dev' | 'serve'} mode
 * @param {Record<string, string | undefined>} env
 */
export function apiEnvFor(mode, env) {
  return mode === 'dev' ? {...DEV_DEFAULTS, ...env} : env;
}

/** Lines for the start banner about settings that differ from production. */
export function apiNotices(env) {
  return env.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true'
    ? [
        'Webhooks may reach localhost and private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, for development; never in production).',
      ]
    : [];
}

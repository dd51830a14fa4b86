// One place that turns the environment into the addresses of the API and the portal
// (HOST, PORT, SITE_PORT, with their defaults), shared by `npm start`, `npm run serve`, the e2e harness and the bench.

/** @param {Record<string, string | undefined>} env */
export function stackEnv(env = process.env) {
  const host = env.HOST || '127.0.0.1';
  const port = toPort('PORT', env.PORT || '8787');
  const sitePort = toPort('SITE_PORT', env.SITE_PORT || '3000');
  // Browsers reach a loopback server through "localhost"; any other HOST is used as given.
  const publicHost = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const apiUrl = env.API_URL || `http://${publicHost}:${port}`;
  const portalUrl = env.PORTAL_URL || `http://${publicHost}:${sitePort}`;
  return {
    host,
    port,
    sitePort,
    apiUrl,
    portalUrl,
    // What both children get: the whole environment, with the derived addresses filled in.
    childEnv: {
      ...env,
      HOST: host,
      PORT: String(port),
      SITE_PORT: String(sitePort),
      API_URL: apiUrl,
      PORTAL_URL: portalUrl,
    },
  };
}

function toPort(name, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new Error(`${name} must be a port number from 1 to 65535, got "${value}"`);
  }
  return n;
}

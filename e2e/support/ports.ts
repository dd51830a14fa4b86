// Fixed loopback ports for the end-to-end stack, away from `npm start`'s 3000/8787 so both can run.
// Each can be overridden from the environment.
function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
}

export const E2E = {
  sitePort: port('E2E_SITE_PORT', 13000),
  apiPort: port('E2E_API_PORT', 18787),
  smtpPort: port('E2E_SMTP_PORT', 12525),
  controlPort: port('E2E_CONTROL_PORT', 12526),
} as const;

// localhost, not 127.0.0.1: the portal's host name is its passkeys' relying party ID, and WebAuthn refuses an IP
// address there. The servers still listen on 127.0.0.1 only; localhost resolves to it.
export const SITE_URL = `http://localhost:${E2E.sitePort}`;
export const API_URL = `http://127.0.0.1:${E2E.apiPort}`;
export const CONTROL_URL = `http://127.0.0.1:${E2E.controlPort}`;

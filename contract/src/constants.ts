/** Values the API, the portal and the SDK each need, written once. */

/**
 * Cloudflare's published dummy Turnstile token. The portal always sends it; the API accepts it only while no
 * Turnstile secret is configured.
 */
export const TURNSTILE_PLACEHOLDER_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Where the API answers when nothing says otherwise: `npm start`'s address (PORT 8787 on loopback). */
export const DEFAULT_API_URL = 'http://localhost:8787';

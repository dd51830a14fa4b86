/** Cloudflare's published dummy Turnstile token: the portal always sends it (contract: bot check). */
export const TURNSTILE_PLACEHOLDER_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

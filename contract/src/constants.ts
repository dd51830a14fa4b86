/** Values the API, the portal and the SDK each need, written once. */

/**
 * Cloudflare's published dummy Turnstile token. The portal always sends it; the API accepts it only while no
 * Turnstile secret is configured.
 */
export const TURNSTILE_PLACEHOLDER_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * The longest text answer, in UTF-16 code units as a text input's maxlength counts them: what the API accepts and
 * the widget lets a patient type (here, not in answers.ts, so the widget takes the number without the rules' words).
 */
export const ANSWER_TEXT_MAX_LENGTH = 10_000;

/** Where the API answers when nothing says otherwise: `npm start`'s address (PORT 8787 on loopback). */
export const DEFAULT_API_URL = 'http://localhost:8787';

/**
 * The brand's primary colour: the portal's `--ifm-color-primary` in the light theme (src/css/custom.css, checked
 * against this by a test), for what its CSS cannot reach: the buttons of the emails.
 */
export const BRAND_COLOR = '#0f766e';

/** The localStorage entry that holds the session token (the API client reads and writes it). */
export const TOKEN_KEY = 'token';

/**
 * Set on <html> before the first paint when a token is stored. The guide's static HTML carries both its loading
 * state and its content, and the stylesheet shows one of them by this attribute (protected-route/styles.module.css
 * spells it too, as CSS cannot import it): a returning reader sees the page at once, a signed-out one the spinner.
 */
export const STORED_SESSION_ATTRIBUTE = 'data-stored-session';

/**
 * The inline script that sets the attribute. It only reads whether a token exists, never the token; it is hashed
 * into the Content-Security-Policy with the theme's colour-mode script (plugins/csp-headers).
 */
export const STORED_SESSION_SCRIPT =
  `try{localStorage.getItem(${JSON.stringify(TOKEN_KEY)})&&` +
  `document.documentElement.setAttribute(${JSON.stringify(STORED_SESSION_ATTRIBUTE)},"")}catch(e){}`;

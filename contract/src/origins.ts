/**
 * Allowed origins of an API key (design §4): the pages on which a key may start intake sessions, checked against
 * the `Origin` header of `POST /api/sdk/sessions`. An entry is `scheme://host[:port]` with http or https, stored as
 * the browser writes an origin (lowercase host, no default port, no trailing slash). One wildcard label at most, as
 * the leftmost label: `https://*.clinic.example` stands for exactly one label (`https://app.clinic.example`, not
 * `https://clinic.example` nor `https://a.b.clinic.example`), as in TLS certificates, and needs at least two labels
 * after it so that a whole public suffix (`https://*.com`) cannot be allowed. The portal checks entries with these
 * functions for the user; the API checks them again.
 */

// The WHATWG URL parser, global in browsers and in Node; declared here because the contract compiles without the DOM
// and Node type libraries (it must run in both).
declare const URL: new (input: string) => {origin: string; hostname: string};

/** At most this many origins per key. */
export const KEY_ORIGINS_MAX = 20;
const ORIGIN_MAX_LENGTH = 253;
const WILDCARD_STAND_IN = 'intakekit-wildcard-label';

export type OriginCheck = {ok: true; origin: string} | {ok: false; message: string};

function invalid(input: string, why: string): OriginCheck {
  return {ok: false, message: `${input} is not a valid origin: ${why}`};
}

/** An entry as typed, normalised to the form stored and matched, or why it is refused. */
export function parseAllowedOrigin(raw: string): OriginCheck {
  const input = raw.trim();
  if (input === '') return {ok: false, message: 'Enter an origin such as https://clinic.example.'};
  if (input.length > ORIGIN_MAX_LENGTH) return invalid(input.slice(0, 40) + '…', 'it is too long.');
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)\/?$/.exec(input);
  if (!match) return invalid(input, 'use scheme://host[:port], with no path, query or fragment.');
  const scheme = match[1]!.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return invalid(input, 'the scheme must be http or https.');
  const authority = match[2]!;
  if (authority.includes('@')) return invalid(input, 'it must not contain a user name or password.');
  const stars = authority.split('*').length - 1;
  if (stars > 1) return invalid(input, 'use one wildcard label at most.');
  const wildcard = stars === 1;
  if (wildcard && !authority.startsWith('*.'))
    return invalid(input, 'a wildcard must be the whole leftmost label (*.).');
  let url: {origin: string; hostname: string};
  try {
    url = new URL(`${scheme}://${wildcard ? authority.replace('*', WILDCARD_STAND_IN) : authority}`);
  } catch {
    return invalid(input, 'use scheme://host[:port].');
  }
  if (url.hostname === '') return invalid(input, 'it has no host.');
  if (wildcard) {
    const labels = url.hostname.split('.');
    if (labels.length < 3 || /^[\d.]+$/.test(url.hostname.slice(WILDCARD_STAND_IN.length + 1))) {
      return invalid(input, 'a wildcard needs a domain of at least two labels after it (*.clinic.example).');
    }
  }
  const origin = wildcard ? url.origin.replace(WILDCARD_STAND_IN, '*') : url.origin;
  return {ok: true, origin};
}

/** The list as stored: each entry normalised, duplicates dropped, in the order given; or the first refusal. */
export function parseAllowedOrigins(
  entries: readonly string[],
): {ok: true; origins: string[]} | {ok: false; message: string} {
  if (entries.length > KEY_ORIGINS_MAX) return {ok: false, message: `Add at most ${KEY_ORIGINS_MAX} origins to a key.`};
  const origins: string[] = [];
  for (const entry of entries) {
    const check = parseAllowedOrigin(entry);
    if (!check.ok) return check;
    if (!origins.includes(check.origin)) origins.push(check.origin);
  }
  return {ok: true, origins};
}

/** True when the request's origin (as a browser sends it) matches the stored entry. */
export function originMatches(entry: string, origin: string): boolean {
  if (!entry.includes('*')) return entry === origin;
  const [scheme, rest] = entry.split('://*.') as [string, string];
  const prefix = `${scheme}://`;
  if (!origin.startsWith(prefix) || !origin.endsWith(`.${rest}`)) return false;
  const label = origin.slice(prefix.length, origin.length - rest.length - 1);
  return label.length > 0 && !label.includes('.') && !label.includes(':');
}

/** The message of ORIGIN_NOT_ALLOWED for a request from `origin` (null: the request sent no Origin header). */
export function originNotAllowedMessage(origin: string | null): string {
  return origin === null
    ? 'This key only works from its allowed origins, and the request had no Origin header. Call it from a web page on an allowed origin.'
    : `${origin} is not an allowed origin for this key. Add it on the API Keys page.`;
}

/**
 * Allowed origins of an API key: the pages on which a key may start intake sessions, checked against
 * the `Origin` header of `POST /api/sdk/sessions`. An entry is `scheme://host[:port]` with http or https, stored as
 * the browser writes an origin (lowercase host, no default port, no trailing slash). One wildcard label at most, as
 * the leftmost label: `https://*.clinic.example` stands for exactly one label (`https://app.clinic.example`, not
 * `https://clinic.example` nor `https://a.b.clinic.example`), as in TLS certificates, and needs at least two labels
 * after it so that a whole public suffix (`https://*.com`) cannot be allowed. Suffixes of more labels (`co.uk`,
 * `github.io`) need the Public Suffix List, which is too large for the portal's pages: the API passes it in as
 * `isPublicSuffix`, the portal checks the rest. An entry and a request's Origin are scheme, host and port only:
 * a user name, path, query, fragment, or a host the URL parser would rewrite (`%65vil`, `127.1`, a backslash) is
 * refused in an entry and never matches in a header, because no browser sends such an Origin.
 */

// The WHATWG URL parser, global in browsers and in Node; declared here because the contract compiles without the DOM
// and Node type libraries (it must run in both).
declare const URL: new (input: string) => {origin: string; hostname: string};

/** At most this many origins per key. */
export const KEY_ORIGINS_MAX = 20;
const ORIGIN_MAX_LENGTH = 253;
const WILDCARD_STAND_IN = 'intakekit-wildcard-label';
/**
 * An origin as a browser serialises it in the Origin header: http or https, a host as the URL parser writes it
 * (lowercase ASCII labels, or an IPv6 address in brackets), a port only when not the default, no trailing slash.
 */
const SERIALIZED_ORIGIN = /^https?:\/\/(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::[1-9][0-9]{0,4})?$/;
/** One DNS label in place of a wildcard. */
const LABEL = /^[a-z0-9_-]+$/;

/** Whether a domain is a public suffix (`com`, `co.uk`, `github.io`): under one, a wildcard would allow strangers. */
export type IsPublicSuffix = (domain: string) => boolean;

export type OriginCheck = {ok: true; origin: string} | {ok: false; message: string};

function invalid(input: string, why: string): OriginCheck {
  return {ok: false, message: `${input} is not a valid origin: ${why}`};
}

const SHAPE = 'use scheme://host[:port], with no path, query or fragment.';
const TOO_BROAD = 'a wildcard needs a domain of at least two labels after it (*.clinic.example).';

/** An entry as typed, normalised to the form stored and matched, or why it is refused. */
export function parseAllowedOrigin(raw: string, isPublicSuffix?: IsPublicSuffix): OriginCheck {
  const input = raw.trim();
  if (input === '') return {ok: false, message: 'Enter an origin such as https://clinic.example.'};
  if (input.length > ORIGIN_MAX_LENGTH) return invalid(input.slice(0, 40) + '…', 'it is too long.');
  // A trailing slash is the root path a browser's address bar shows; anything else after the host is refused.
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)\/?$/.exec(input);
  if (!match) return invalid(input, SHAPE);
  const scheme = match[1]!.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return invalid(input, 'the scheme must be http or https.');
  const authority = match[2]!;
  if (authority.includes('@')) return invalid(input, 'it must not contain a user name or password.');
  const stars = authority.split('*').length - 1;
  if (stars > 1) return invalid(input, 'use one wildcard label at most.');
  const wildcard = stars === 1;
  if (wildcard && !authority.startsWith('*.'))
    return invalid(input, 'a wildcard must be the whole leftmost label (*.).');
  const typed = wildcard ? authority.replace('*', WILDCARD_STAND_IN) : authority;
  // host[:port] and nothing else: a backslash, a percent sign, a space or an empty port would each be rewritten by
  // the URL parser into an origin other than the one typed.
  const parts = /^(\[[0-9a-fA-F:.]+\]|[^\s\\%:[\]]+)(?::([0-9]{1,5}))?$/.exec(typed);
  if (!parts) return invalid(input, SHAPE);
  let url: {origin: string; hostname: string};
  try {
    url = new URL(`${scheme}://${typed}`);
  } catch {
    return invalid(input, 'use scheme://host[:port].');
  }
  if (url.hostname === '') return invalid(input, 'it has no host.');
  const host = parts[1]!;
  // An ASCII host is stored as typed (in lowercase); one the parser rewrote (`127.1`, `0x7f.1`) is not the host
  // typed. A Unicode host becomes its punycode form, as browsers send it.
  const ascii = /^[\x21-\x7e]*$/.test(host);
  if ((ascii && !host.startsWith('[') && url.hostname !== host.toLowerCase()) || !SERIALIZED_ORIGIN.test(url.origin))
    return invalid(input, SHAPE);
  if (wildcard) {
    const domain = url.hostname.slice(WILDCARD_STAND_IN.length + 1);
    if (url.hostname.split('.').length < 3 || /^[\d.]+$/.test(domain) || isPublicSuffix?.(domain.replace(/\.$/, '')))
      return invalid(input, TOO_BROAD);
  }
  const origin = wildcard ? url.origin.replace(WILDCARD_STAND_IN, '*') : url.origin;
  return {ok: true, origin};
}

/** The list as stored: each entry normalised, duplicates dropped, in the order given; or the first refusal. */
export function parseAllowedOrigins(
  entries: readonly string[],
  isPublicSuffix?: IsPublicSuffix,
): {ok: true; origins: string[]} | {ok: false; message: string} {
  if (entries.length > KEY_ORIGINS_MAX) return {ok: false, message: `Add at most ${KEY_ORIGINS_MAX} origins to a key.`};
  const origins: string[] = [];
  for (const entry of entries) {
    const check = parseAllowedOrigin(entry, isPublicSuffix);
    if (!check.ok) return check;
    if (!origins.includes(check.origin)) origins.push(check.origin);
  }
  return {ok: true, origins};
}

/** True when the request's origin matches the stored entry; an origin not written as a browser writes one never does. */
export function originMatches(entry: string, origin: string): boolean {
  if (!SERIALIZED_ORIGIN.test(origin)) return false;
  if (!entry.includes('*')) return entry === origin;
  const [scheme, rest] = entry.split('://*.') as [string, string];
  const prefix = `${scheme}://`;
  if (!origin.startsWith(prefix) || !origin.endsWith(`.${rest}`)) return false;
  return LABEL.test(origin.slice(prefix.length, origin.length - rest.length - 1));
}

/** The domain a wildcard entry stands under (`clinic.example` for `https://*.clinic.example:8443`), else null. */
export function wildcardDomain(entry: string): string | null {
  const at = entry.indexOf('://*.');
  return at === -1 ? null : entry.slice(at + 5).replace(/:[0-9]+$/, '');
}

/** The message of ORIGIN_NOT_ALLOWED for a request from `origin` (null: the request sent no Origin header). */
export function originNotAllowedMessage(origin: string | null): string {
  return origin === null
    ? 'This key only works from its allowed origins, and the request had no Origin header. Call it from a web page on an allowed origin.'
    : `${origin} is not an allowed origin for this key. Add it on the API Keys page.`;
}

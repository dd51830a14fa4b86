/**
 * The one email address rule of the API and the portal: what SMTP carries without the SMTPUTF8 extension
 * (RFC 5321), so that every address we accept can be sent its verification email.
 *
 * - The local part is a dot-atom (RFC 5322's atext: letters, digits and !#$%&'*+/=?^_`{|}~- with single dots
 *   between), at most 64 characters. Quoted local parts ("a b"@x) are not accepted: no mailbox provider hands
 *   them out and they carry spaces and quotes into every screen and log.
 * - The domain is a host name of at least two labels (letters, digits, hyphens inside; 1-63 characters each)
 *   whose last label is a top-level domain (letters, or an xn-- IDN). An internationalised domain is converted
 *   to its ASCII form (punycode) first, so `ada@bücher.example` is stored and sent as `ada@xn--bcher-kva.example`.
 * - At most 254 characters in all.
 *
 * Addresses are compared trimmed and lowercased (normalizeEmail); the pattern is what the API's schemas check.
 */

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]";
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const TOP_LEVEL = '(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})';

/** The rule as one regular expression over a normalised (lowercased, ASCII-domain) address. */
export const EMAIL_PATTERN = `^(?=[^@]{1,${EMAIL_LOCAL_MAX_LENGTH}}@)${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+${TOP_LEVEL}$`;

const EMAIL_REGEXP = new RegExp(EMAIL_PATTERN);

// The WHATWG URL parser, global in browsers and in Node (see origins.ts: the contract compiles without either's types).
declare const URL: new (input: string) => {hostname: string};

/** The domain's ASCII form when it has other characters (the WHATWG URL parser's IDNA, in browsers and Node). */
function asciiDomain(domain: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(domain)) return domain;
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain;
  }
}

/** Trimmed, lowercased, the domain in ASCII: the form addresses are checked, stored and compared in. */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${asciiDomain(trimmed.slice(at + 1))}`;
}

/** Whether the address, once normalised, meets the rule. */
export function isValidEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  return normalized.length <= EMAIL_MAX_LENGTH && EMAIL_REGEXP.test(normalized);
}

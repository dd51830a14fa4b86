// An endpoint's URL, checked when it is saved. Only what the URL itself shows is judged here: its scheme,
// credentials and a literal address. A name is resolved and its addresses checked at every send (send.ts), as a
// name can point anywhere by then.
import {isIP} from 'node:net';
import type {ERROR_CODES} from '@intakekit/contract/errors';
import {blockedRule} from './address-rules.js';
import {isOwnInboxUrl} from './own-inbox.js';

type Refusal =
  'WEBHOOK_URL_INVALID' | 'WEBHOOK_HTTPS_REQUIRED' | 'WEBHOOK_URL_CREDENTIALS' | 'WEBHOOK_URL_PRIVATE_NETWORK';
export type EndpointUrlCheck = {ok: true} | {ok: false; code: Refusal & (typeof ERROR_CODES)[number]};

/** The host of a URL as an address, without IPv6's brackets; null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

export function checkEndpointUrl(
  url: string,
  environment: 'sandbox' | 'production',
  options: {allowPrivateNetworks: boolean; ownInboxOrigin?: string},
): EndpointUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {ok: false, code: 'WEBHOOK_URL_INVALID'};
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return {ok: false, code: 'WEBHOOK_URL_INVALID'};
  if (parsed.hostname === '') return {ok: false, code: 'WEBHOOK_URL_INVALID'};
  if (environment === 'production' && parsed.protocol !== 'https:') return {ok: false, code: 'WEBHOOK_HTTPS_REQUIRED'};
  if (parsed.username || parsed.password) return {ok: false, code: 'WEBHOOK_URL_CREDENTIALS'};
  if (options.allowPrivateNetworks) return {ok: true};
  // Our own test inbox (own-inbox.ts), whatever address API_URL names: it is delivered to our listener.
  if (options.ownInboxOrigin && isOwnInboxUrl(parsed, options.ownInboxOrigin)) return {ok: true};
  const address = literalAddress(parsed.hostname);
  // The URL parser has already turned 127.1, 2130706433 and 0x7f.0.0.1 into 127.0.0.1.
  const refused = address ? blockedRule(address) !== null : isLocalhostName(parsed.hostname);
  return refused ? {ok: false, code: 'WEBHOOK_URL_PRIVATE_NETWORK'} : {ok: true};
}

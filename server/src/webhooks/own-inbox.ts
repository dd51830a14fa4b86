// The one exception to the network rule: the test inbox, which is this API's own address. It is matched by the
// whole URL (our public origin, the inbox path and a well-formed id, nothing after it), and a matching delivery is
// connected to the API's own listener, never to what the name resolves to: the exception can reach one route of
// this API and nothing else, on our network or anywhere.
import type {LookupAddress} from 'node:dns';
import {isIP} from 'node:net';

export const WEBHOOK_INBOX_PATH = '/api/webhook-inbox/';
/** An inbox id: 24 random bytes in base64url (32 characters); at least 16 characters are accepted. */
export const WEBHOOK_INBOX_ID = /^[A-Za-z0-9_-]{16,64}$/;

export interface OwnInbox {
  /** The API's public origin, as inbox URLs are given to readers (e.g. https://api.example.com). */
  origin: string;
  /** Where this process listens; a wildcard address (0.0.0.0, ::) is reached on loopback. */
  listen: {host: string; port: number};
}

export function isOwnInboxUrl(url: URL, inbox: OwnInbox): boolean {
  if (url.origin !== new URL(inbox.origin).origin || url.search !== '' || url.hash !== '') return false;
  if (!url.pathname.startsWith(WEBHOOK_INBOX_PATH)) return false;
  return WEBHOOK_INBOX_ID.test(url.pathname.slice(WEBHOOK_INBOX_PATH.length));
}

/** The address to connect to for an inbox delivery: the listener itself. */
export function ownListenerAddress(inbox: OwnInbox): LookupAddress {
  const {host} = inbox.listen;
  if (host === '0.0.0.0' || host === '') return {address: '127.0.0.1', family: 4};
  if (host === '::') return {address: '::1', family: 6};
  const family = isIP(host);
  return family ? {address: host, family} : {address: '127.0.0.1', family: 4};
}

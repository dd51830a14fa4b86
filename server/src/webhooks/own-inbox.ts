// The one exception to the network rule: the test inbox, which is this API's own address. It is matched by the
// whole URL (our public origin, the inbox path and a well-formed id, nothing after it), and a matching delivery is
// connected to the API's own listener, never to what the name resolves to: the exception can reach one route of
// this API and nothing else, on our network or anywhere.
import {isIP} from 'node:net';

export const WEBHOOK_INBOX_PATH = '/api/webhook-inbox/';
/** An inbox id: 24 random bytes in base64url (32 characters); at least 16 characters are accepted. */
export const WEBHOOK_INBOX_ID = /^[A-Za-z0-9_-]{16,64}$/;

export interface OwnInbox {
  /** The API's public origin (API_URL), as inbox URLs are given to readers (e.g. https://api.example.com). */
  origin: string;
  /** Where this process listens; a wildcard address (0.0.0.0, ::) is reached on loopback. */
  listen: {host: string; port: number};
}

/** The inbox's URL under our public origin (API_URL), and nothing else of it. */
export function isOwnInboxUrl(url: URL, origin: string): boolean {
  if (url.origin !== new URL(origin).origin || url.search !== '' || url.hash !== '') return false;
  if (!url.pathname.startsWith(WEBHOOK_INBOX_PATH)) return false;
  return WEBHOOK_INBOX_ID.test(url.pathname.slice(WEBHOOK_INBOX_PATH.length));
}

/**
 * Where an inbox delivery is sent: the listener itself, in plain HTTP on its own port (the API never speaks TLS; a
 * proxy in front ends it), whatever scheme and port the public URL shows.
 */
export function ownListenerUrl(url: URL, inbox: OwnInbox): URL {
  const {host, port} = inbox.listen;
  const address =
    host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : isIP(host) ? host : '127.0.0.1';
  const shown = isIP(address) === 6 ? `[${address}]` : address;
  return new URL(url.pathname, `http://${shown}:${port}`);
}

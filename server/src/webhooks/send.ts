// One delivery attempt. node:http/https rather than undici or fetch: their `lookup` option pins the connection to
// the addresses resolve.ts checked while the name still goes out as SNI and Host, redirects are never followed
// (the response is what it is), and no dependency or dispatcher is needed for it. A new connection per attempt
// (agent: false): a pooled socket would outlive the check that allowed it.
import http from 'node:http';
import https from 'node:https';
import type {WebhookAttemptError} from '@intakekit/contract/webhooks';
import {isOwnInboxUrl, ownListenerUrl, type OwnInbox} from './own-inbox.js';
import {pinnedLookup, resolveChecked} from './resolve.js';
import {webhookHeaders} from './signature.js';
import {classifyError, describeError} from './attempt-errors.js';

export interface WebhookRequest {
  url: string;
  id: string;
  timestamp: Date;
  body: string;
  /** whsec_..., newest first; two while a roll overlaps. */
  secrets: string[];
}
export type AttemptErrorKind = WebhookAttemptError;
export interface AttemptResult {
  /** A 2xx only; a 3xx is a failure and never followed. */
  ok: boolean;
  status: number | null;
  latencyMs: number;
  error: AttemptErrorKind | null;
  /** What went wrong, for the delivery log: never a secret, never a body. */
  errorMessage: string | null;
  requestHeaders: Record<string, string>;
  /** The first RESPONSE_BODY_LIMIT bytes of the answer, as UTF-8. */
  responseBody: string;
}

export const RESPONSE_BODY_LIMIT = 2048;

interface Answer {
  status: number;
  body: string;
}

export interface SendOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  /** This API's test inbox, the one address the network rule lets through (own-inbox.ts). */
  ownInbox?: OwnInbox;
}

export async function sendWebhook(request: WebhookRequest, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const requestHeaders = webhookHeaders(request.secrets, request.id, request.timestamp, request.body);
  const result = (fields: Partial<AttemptResult>): AttemptResult => ({
    ok: false,
    status: null,
    latencyMs: Math.round(performance.now() - started),
    error: null,
    errorMessage: null,
    requestHeaders,
    responseBody: '',
    ...fields,
  });
  const abort = new AbortController();
  // One limit for the whole attempt: resolving, connecting, and the answer's status and first 2 kB.
  const timer = setTimeout(() => abort.abort(), options.timeoutMs);
  try {
    const url = new URL(request.url);
    const {ownInbox} = options;
    let answer: Answer;
    if (ownInbox && isOwnInboxUrl(url, ownInbox.origin)) {
      // Host names the public address, as a proxy in front would pass it on.
      const headers = {...requestHeaders, host: url.host};
      answer = await post(ownListenerUrl(url, ownInbox), headers, request.body, undefined, abort.signal);
    } else {
      const resolution = await withAbort(resolveChecked(url.hostname, options.allowPrivateNetworks), abort.signal);
      if (!resolution.ok) return result({error: 'blocked', errorMessage: resolution.blocked});
      answer = await post(url, requestHeaders, request.body, pinnedLookup(resolution.addresses), abort.signal);
    }
    const ok = answer.status >= 200 && answer.status < 300;
    const errorMessage = ok ? null : `the endpoint answered ${answer.status}; only a 2xx counts as received`;
    return result({ok, status: answer.status, error: ok ? null : 'status', errorMessage, responseBody: answer.body});
  } catch (error) {
    const kind = abort.signal.aborted ? 'timeout' : classifyError(error);
    return result({error: kind, errorMessage: describeError(kind, error, options.timeoutMs)});
  } finally {
    clearTimeout(timer);
  }
}

function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, {once: true});
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  /** The checked addresses; none for our own listener, named by its address. */
  lookup: ReturnType<typeof pinnedLookup> | undefined,
  signal: AbortSignal,
): Promise<Answer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: 'POST',
        headers: {...headers, 'content-length': String(Buffer.byteLength(body))},
        lookup,
        signal,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          const bytes = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT);
          resolve({status: res.statusCode ?? 0, body: utf8Prefix(bytes)});
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          // Enough kept: the rest of a large answer is not read.
          if (kept >= RESPONSE_BODY_LIMIT) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The bytes as text; stream mode holds back a last character cut in half at the limit instead of mangling it. */
const utf8Prefix = (bytes: Buffer) => new TextDecoder().decode(bytes, {stream: true});

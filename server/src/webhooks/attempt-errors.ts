// What kind of failure a delivery attempt met, from node's error codes, for the delivery log's error column.
import type {WebhookAttemptError} from '@intakekit/contract/webhooks';

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL', 'ENOTIMP']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ABORT_ERR']);
// OpenSSL's certificate verdicts come as bare codes (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ...).
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|EPROTO$)|CERT|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/;

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';

export function classifyError(error: unknown): Exclude<WebhookAttemptError, 'status' | 'blocked'> {
  const code = codeOf(error);
  if (DNS_CODES.has(code)) return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (TLS_CODE.test(code)) return 'tls';
  return 'network';
}

/**
 * A line for the log. Node's messages name the host, the address and the port, never the request's path or body;
 * a TypeError from a malformed URL has its text replaced, since it would echo the URL whole.
 */
export function describeError(kind: WebhookAttemptError, error: unknown, timeoutMs: number): string {
  if (kind === 'timeout') return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof TypeError && codeOf(error) === 'ERR_INVALID_URL') return 'the endpoint URL is not valid';
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}

// Cloudflare Turnstile check. Without TURNSTILE_SECRET_KEY the server accepts exactly the
// placeholder the portal sends (Cloudflare's published dummy token), so local runs need no network.
// With a secret, siteverify decides, and anything but a clear "success: true" fails closed.
import {TURNSTILE_PLACEHOLDER_TOKEN} from '@intakekit/contract/constants';

export const TURNSTILE_PLACEHOLDER = TURNSTILE_PLACEHOLDER_TOKEN;
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Cloudflare's codes that mean our own setup is wrong rather than the visitor's token. */
const SETUP_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request', 'internal-error']);

export interface TurnstileEndpoint {
  url: string;
  timeoutMs: number;
  /** Told why a check with a secret failed (never the secret or the token). */
  warn?: (details: Record<string, unknown>, message: string) => void;
}

// The routes call verifyTurnstile(secret, token, ip); the endpoint comes from the app's config
// through useTurnstileEndpoint (one API per process; tests building several apps set it each time).
let current: TurnstileEndpoint = {url: TURNSTILE_VERIFY_URL, timeoutMs: 5000};

export function useTurnstileEndpoint(endpoint: TurnstileEndpoint): void {
  current = endpoint;
}

export async function verifyTurnstile(
  secret: string | undefined,
  token: string,
  remoteIp: string,
  endpoint: TurnstileEndpoint = current,
): Promise<boolean> {
  if (!secret) return token === TURNSTILE_PLACEHOLDER;
  try {
    // Cloudflare down or slow counts as a failed check: fail closed after the timeout (5 s by default).
    const response = await fetch(endpoint.url, {
      method: 'POST',
      body: new URLSearchParams({secret, response: token, remoteip: remoteIp}),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      endpoint.warn?.({turnstile: {status: response.status}}, 'turnstile siteverify answered an error; check refused');
      return false;
    }
    const result = (await response.json()) as {success?: unknown; 'error-codes'?: unknown};
    if (result.success === true) return true;
    const codes = Array.isArray(result['error-codes'])
      ? result['error-codes'].filter((c) => typeof c === 'string')
      : [];
    if (codes.some((code) => SETUP_ERRORS.has(code))) {
      endpoint.warn?.(
        {turnstile: {errorCodes: codes}},
        'turnstile siteverify refused our request (check TURNSTILE_SECRET_KEY)',
      );
    }
    return false;
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    endpoint.warn?.({turnstile: {reason}}, 'turnstile siteverify unreachable or too slow; check refused');
    return false;
  }
}

import type {IntakeKitError} from './errors';

/** Attempts of one submit before the widget shows Try again; the waits between them double from the first. */
export const SUBMIT_ATTEMPTS = 4;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 8000;
/** A Retry-After longer than this is not waited out with the patient looking at a busy button: Try again says it. */
const LONGEST_RETRY_AFTER_MS = 30_000;

/** Failures that a later attempt can pass: the network, the server, a rate limit. */
export const isPassing = (err: unknown): boolean => {
  const code = (err as Partial<IntakeKitError>).code;
  return code === 'NETWORK_ERROR' || code === 'SERVER_ERROR' || code === 'RATE_LIMITED';
};

/** How long to wait before attempt `attempt + 1` after `err`, or null to stop. */
export function waitBefore(attempt: number, err: unknown): number | null {
  if (!isPassing(err) || attempt >= SUBMIT_ATTEMPTS) return null;
  const backoff = Math.min(FIRST_WAIT_MS * 2 ** (attempt - 1), MAX_WAIT_MS);
  const retryAfter = ((err as Partial<IntakeKitError>).retryAfterSeconds ?? 0) * 1000;
  if (retryAfter > LONGEST_RETRY_AFTER_MS) return null;
  return Math.max(backoff, retryAfter);
}

/**
 * Runs `send` until it resolves, waiting between passing failures (`onWait` says how long); rejects with the last
 * error when it cannot pass or the attempts are spent, or when `signal` aborts.
 */
export async function withRetry<T>(
  send: () => Promise<T>,
  onWait: (ms: number) => void,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (err) {
      const wait = signal.aborted ? null : waitBefore(attempt, err);
      if (wait === null) throw err;
      onWait(wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (signal.aborted) throw err;
    }
  }
}

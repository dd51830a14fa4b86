/** Errors the SDK reports through the `error` event. Every message starts with `IntakeKit:`. */

/** Every code, listed so the guide's Errors page can be checked against it. */
export const ERROR_CODES = [
  'INVALID_CONFIG',
  'CONTAINER_NOT_FOUND',
  'INVALID_API_KEY',
  'ORIGIN_NOT_ALLOWED',
  'RATE_LIMITED',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  'SESSION_REFUSED',
  'INVALID_FLOW',
  'LOAD_FAILED',
] as const;

export type IntakeKitErrorCode = (typeof ERROR_CODES)[number];

export class IntakeKitError extends Error {
  readonly code: IntakeKitErrorCode;
  /** The underlying error, when there is one (network failure, bad JSON...). */
  readonly cause?: unknown;
  /** RATE_LIMITED: seconds until a new attempt can succeed (the API's Retry-After). */
  retryAfterSeconds?: number;

  constructor(code: IntakeKitErrorCode, message: string, cause?: unknown) {
    super('IntakeKit: ' + message);
    this.name = 'IntakeKitError';
    this.code = code;
    if (cause !== undefined) this.cause = cause;
  }
}

/** A short, readable description of a received value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return value === '' ? 'an empty string' : JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'function' ? 'a function' : String(value);
}

/** What the patient sees when the page's origin is refused: the developer's detail is in the error and the console. */
export const REFUSED_ORIGIN_TEXT = 'This form cannot be shown here. Please contact the clinic.';

/** The API refused the page's origin for this key. */
export function isRefusedOrigin(err: Error): boolean {
  return err instanceof IntakeKitError && err.code === 'ORIGIN_NOT_ALLOWED';
}

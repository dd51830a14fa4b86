/** Errors the SDK reports through the `error` event. Every message starts with `IntakeKit:`. */
import {SUBMISSION_CODES} from '@intakekit/contract/submission-errors';

/** The API's codes of a refused submit that the SDK reports as they are: the contract's, checked by type. */
const SUBMIT_CODES = ['INVALID_SESSION', 'INVALID_ANSWERS'] as const satisfies ReadonlyArray<
  keyof typeof SUBMISSION_CODES
>;

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
  ...SUBMIT_CODES,
  'SUBMIT_REFUSED',
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

/**
 * What the patient reads for an error: a refused origin and a refused submit in words for them (the developer's
 * detail, such as the question ids INVALID_ANSWERS names, is in the error event); anything else as reported.
 */
export function patientText(err: Error): string {
  if (isRefusedOrigin(err)) return REFUSED_ORIGIN_TEXT;
  const code = (err as Partial<IntakeKitError>).code;
  return code === 'INVALID_SESSION' || code === 'INVALID_ANSWERS' ? SUBMISSION_CODES[code].message : err.message;
}

// The one error type that routes throw, with a code of the contract's catalogue (its status and message
// by default). The error handler turns it into { error: { code, message } }.
import {ERROR_CATALOGUE, type ErrorCode} from '@intakekit/contract/errors';

export {ERROR_CATALOGUE, ERROR_CODES, type ErrorCode} from '@intakekit/contract/errors';

export interface ApiErrorOptions {
  status?: number;
  headers?: Record<string, string>;
  /** Says which case of the code this is, in plain words (e.g. the three EMAIL_IN_USE of team/add). */
  message?: string;
  /** What the code needs beyond its message (INVALID_QUESTIONNAIRE's problems); the route's schema declares it. */
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly statusCode: number;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    options: ApiErrorOptions = {},
  ) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ApiError';
    this.statusCode = options.status ?? ERROR_CATALOGUE[code].status;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

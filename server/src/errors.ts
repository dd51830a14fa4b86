// The error catalogue of spec §8 plus the few codes the contract adds, and the one error type
// that routes throw. The error handler turns it into { error: { code, message } }.

export const ERROR_CATALOGUE = {
  EMAIL_IN_USE: {status: 409, message: 'This email is already registered. Try logging in instead.'},
  INVALID_CREDENTIALS: {status: 401, message: 'Invalid email or password. Please try again.'},
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Please verify your email before logging in. Check your inbox for the verification link.',
  },
  LOCKED: {status: 423, message: 'Too many failed login attempts. Your account has been temporarily locked.'},
  INVALID_EMAIL: {status: 400, message: 'Please enter a valid email address.'},
  INVALID_PASSWORD: {status: 400, message: 'Password must be at least 10 characters and include a mix of characters.'},
  INVALID_NAME: {status: 400, message: 'Please enter a valid name (1-80 characters).'},
  MISSING_FIELDS: {status: 400, message: 'Please fill in all required fields.'},
  INVALID_TOKEN: {status: 400, message: 'This verification link is invalid or has expired.'},
  INVALID_OR_EXPIRED: {status: 400, message: 'This link is invalid or has expired. Please request a new one.'},
  ALREADY_USED: {status: 400, message: 'This link has already been used.'},
  EXPIRED: {status: 400, message: 'This link has expired. Please request a new one.'},
  TOKEN_REQUIRED: {status: 400, message: 'Verification token is required.'},
  TURNSTILE_FAILED: {status: 400, message: 'Bot verification failed. Please try again.'},
  RATE_LIMIT_EXCEEDED: {status: 429, message: 'Too many requests. Please wait a moment and try again.'},
  EMAIL_REQUIRED: {status: 400, message: 'Email address is required.'},
  SERVER_ERROR: {status: 500, message: 'Something went wrong. Please try again later.'},
  // Codes the contract adds where the catalogue has none that fits.
  NOT_FOUND: {status: 404, message: 'Not found.'},
  UNAUTHORIZED: {status: 401, message: 'Please sign in to continue.'},
  INVALID_API_KEY: {status: 401, message: 'The API key is missing, invalid or revoked.'},
  FORBIDDEN: {status: 403, message: 'You do not have permission to do this.'},
  PRODUCTION_NOT_READY: {
    status: 403,
    message:
      'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.',
  },
  PAYLOAD_TOO_LARGE: {status: 413, message: 'The request body is too large.'},
  UNSUPPORTED_MEDIA_TYPE: {status: 415, message: 'Send the request body as JSON (Content-Type: application/json).'},
  SERVICE_UNAVAILABLE: {status: 503, message: 'The service is temporarily unavailable. Please try again later.'},
  // Teams by consent: invitations are accepted by the invited address only.
  INVITATION_WRONG_ACCOUNT: {status: 403, message: 'This invitation was sent to a different email address.'},
  ALREADY_IN_TEAM: {status: 409, message: 'You already belong to a team. Leave it before joining another.'},
  OWNER_MUST_TRANSFER: {status: 403, message: 'Transfer ownership to another member before leaving the team.'},
} as const satisfies Record<string, {status: number; message: string}>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export interface ApiErrorOptions {
  status?: number;
  headers?: Record<string, string>;
  /** Says which case of the code this is, in plain words (e.g. the three EMAIL_IN_USE of team/add). */
  message?: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    options: ApiErrorOptions = {},
  ) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ApiError';
    this.statusCode = options.status ?? ERROR_CATALOGUE[code].status;
    this.headers = options.headers ?? {};
  }
}

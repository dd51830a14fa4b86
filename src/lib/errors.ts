/** The error catalogue of spec §8 and the one mapper every screen uses. */

export const ERROR_MESSAGES = {
  EMAIL_IN_USE: 'This email is already registered. Try logging in instead.',
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email before logging in. Check your inbox for the verification link.',
  LOCKED: 'Too many failed login attempts. Your account has been temporarily locked.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_PASSWORD: 'Password must be at least 10 characters and include a mix of characters.',
  INVALID_NAME: 'Please enter a valid name (1-80 characters).',
  MISSING_FIELDS: 'Please fill in all required fields.',
  INVALID_TOKEN: 'This verification link is invalid or has expired.',
  INVALID_OR_EXPIRED: 'This link is invalid or has expired. Please request a new one.',
  ALREADY_USED: 'This link has already been used.',
  EXPIRED: 'This link has expired. Please request a new one.',
  TOKEN_REQUIRED: 'Verification token is required.',
  TURNSTILE_FAILED: 'Bot verification failed. Please try again.',
  RATE_LIMIT_EXCEEDED: 'Too many requests. Please wait a moment and try again.',
  EMAIL_REQUIRED: 'Email address is required.',
  SERVER_ERROR: 'Something went wrong. Please try again later.',
  NETWORK_ERROR: 'Network error. Please check your connection.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** error.code from an ApiError, or from a raw `{error: {code}}` body. */
export function errorCode(error: unknown): string | undefined {
  return (
    nonEmpty(field(error, 'code')) ??
    nonEmpty(field(field(field(error, 'body'), 'error'), 'code')) ??
    nonEmpty(field(field(error, 'error'), 'code'))
  );
}

/** The server's own error.message, read from the response body. */
export function serverMessage(error: unknown): string | undefined {
  return (
    nonEmpty(field(field(field(error, 'body'), 'error'), 'message')) ??
    nonEmpty(field(field(error, 'error'), 'message'))
  );
}

/**
 * The message shown for an error, in the fallback order of spec §8:
 * 1. the mapped message for the code; 2. the server's own message; 3. the network message
 * when the error text mentions Network or fetch; 4. the error's own text; 5. the generic message.
 */
export function getErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code && Object.hasOwn(ERROR_MESSAGES, code)) return ERROR_MESSAGES[code as ErrorCode];
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  const text = typeof error === 'string' ? error : nonEmpty(field(error, 'message'));
  if (text && /network|fetch/i.test(text)) return ERROR_MESSAGES.NETWORK_ERROR;
  if (text && text.trim()) return text;
  return ERROR_MESSAGES.SERVER_ERROR;
}

/** Screens that show the server's error.message with their own fallback (spec §8). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

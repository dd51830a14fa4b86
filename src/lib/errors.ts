/** The one mapper every screen uses, over the contract's error catalogue. */
import {SPEC_MESSAGES, type SpecErrorCode} from '@intakekit/contract/errors';

/** Code to message, the catalogue's texts word for word (the API sends the same texts). */
export const ERROR_MESSAGES = SPEC_MESSAGES;

export type ErrorCode = SpecErrorCode;

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
 * The message shown for an error, first that applies:
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

/** For screens that show the server's error.message, with their own fallback when it has none. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

// One error handler for the whole API: every failure answers { error: { code, message } }.
// 4xx keep their catalogue code; schema failures are translated to the catalogue code of the
// offending field; anything unexpected answers the generic SERVER_ERROR and is logged with the
// request id, never sent to the client.
import type {FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError} from 'fastify';
import fp from 'fastify-plugin';
import {PERSON_NAME_PATTERN} from '@intakekit/contract/names';
import {ApiError, ERROR_CATALOGUE, type ErrorCode} from '../errors.js';

/** Per-route overrides of which code a schema failure on a field maps to. */
export interface ValidationCodes {
  /** Code when the field is absent or empty. */
  missing?: Partial<Record<string, ErrorCode>>;
  /** Code when the field is present with the right type but a bad value (length, pattern...). */
  invalid?: Partial<Record<string, ErrorCode>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    validationCodes?: ValidationCodes;
  }
  interface FastifyRequest {
    /** The code this request was refused with (an API key's request log records it). */
    errorCode: ErrorCode | null;
  }
}

const DEFAULT_MISSING: Record<string, ErrorCode> = {token: 'TOKEN_REQUIRED'};
const DEFAULT_INVALID: Record<string, ErrorCode> = {
  email: 'INVALID_EMAIL',
  password: 'INVALID_PASSWORD',
  newPassword: 'INVALID_PASSWORD',
  currentPassword: 'INVALID_CURRENT_PASSWORD',
  name: 'INVALID_NAME',
  teamName: 'INVALID_NAME',
  token: 'INVALID_TOKEN',
};

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  headers: Record<string, string> = {},
  message?: string,
  details?: Record<string, unknown>,
) {
  reply.request.errorCode = code;
  const error = {code, message: message ?? ERROR_CATALOGUE[code].message, ...(details && {details})};
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send({error});
}

export function codeForValidation(
  request: FastifyRequest,
  context: string | undefined,
  errors: FastifySchemaValidationError[],
): {status: number; code: ErrorCode} {
  // A malformed path parameter (e.g. an id that is not a UUID) names nothing that exists.
  if (context === 'params') return {status: 404, code: 'NOT_FOUND'};
  const overrides = request.routeOptions.config.validationCodes ?? {};
  const first = errors[0];
  if (!first) return {status: 400, code: 'MISSING_FIELDS'};
  const params = first.params as Record<string, unknown>;
  const missingProperty = typeof params.missingProperty === 'string' ? params.missingProperty : undefined;
  const field = missingProperty ?? first.instancePath.split('/')[1] ?? '';
  const missingCode = overrides.missing?.[field] ?? DEFAULT_MISSING[field] ?? 'MISSING_FIELDS';
  if (first.keyword === 'required') return {status: 400, code: missingCode};
  // A wrong type (number for a string, a non-object body) is treated as a missing field.
  if (first.keyword === 'type' || field === '') return {status: 400, code: 'MISSING_FIELDS'};
  if (first.keyword === 'minLength' && params.limit === 1) return {status: 400, code: missingCode};
  // A name with a character the name rule forbids is told why; a name too long stays INVALID_NAME.
  if (first.keyword === 'pattern' && params.pattern === PERSON_NAME_PATTERN)
    return {status: 400, code: 'NAME_INVISIBLE_CHARACTERS'};
  return {status: 400, code: overrides.invalid?.[field] ?? DEFAULT_INVALID[field] ?? 'MISSING_FIELDS'};
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && ('statusCode' in error || 'validation' in error || 'code' in error);
}

export const errorsPlugin = fp(
  async (app) => {
    app.decorateRequest('errorCode', null);
    app.setNotFoundHandler((_request, reply) => send(reply, 404, 'NOT_FOUND'));

    app.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof ApiError) {
        return send(reply, error.statusCode, error.code, error.headers, error.message, error.details);
      }
      if (isFastifyError(error)) {
        if (error.validation) {
          const {status, code} = codeForValidation(request, error.validationContext, error.validation);
          return send(reply, status, code);
        }
        const status = error.statusCode ?? 500;
        if (status < 500) {
          request.log.info({errCode: error.code, status}, 'request refused by the framework');
          if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE');
          if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE');
          if (status === 404) return send(reply, 404, 'NOT_FOUND');
          // Malformed or empty JSON and other unreadable bodies.
          return send(reply, 400, 'MISSING_FIELDS');
        }
      }
      // Unexpected: the cause goes to the log (with the request id), never to the client.
      request.log.error({err: error}, 'unhandled error');
      return send(reply, 500, 'SERVER_ERROR');
    });
  },
  {name: 'errors', fastify: '5.x'},
);

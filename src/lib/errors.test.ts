import {describe, expect, it} from 'vitest';
import {ApiError} from './api-client';
import {ERROR_MESSAGES, getErrorMessage, serverMessageOr} from './errors';

const apiError = (code: string, message?: string, status = 400) =>
  new ApiError({status, code, message: message ?? 'x', body: {error: {code, message}}});

describe('getErrorMessage: fallback order', () => {
  it('1. maps every catalogue code to its message', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) {
      expect(getErrorMessage(apiError(code, 'server text'))).toBe(message);
    }
    expect(getErrorMessage({error: {code: 'LOCKED'}})).toBe(ERROR_MESSAGES.LOCKED);
  });

  it('has the exact catalogue texts', () => {
    expect(ERROR_MESSAGES.EMAIL_NOT_VERIFIED).toBe(
      'Please verify your email before logging in. Check your inbox for the verification link.',
    );
    expect(ERROR_MESSAGES.INVALID_OR_EXPIRED).toBe('This link is invalid or has expired. Please request a new one.');
    expect(Object.keys(ERROR_MESSAGES)).toHaveLength(18);
  });

  it('2. uses the server message for an unknown code', () => {
    expect(getErrorMessage(apiError('SOMETHING_NEW', 'The server says no'))).toBe('The server says no');
  });

  it('3. uses the network message when the text mentions Network or fetch', () => {
    expect(getErrorMessage(new TypeError('Failed to fetch'))).toBe(ERROR_MESSAGES.NETWORK_ERROR);
    expect(getErrorMessage(new Error('NetworkError when attempting to fetch resource.'))).toBe(
      ERROR_MESSAGES.NETWORK_ERROR,
    );
    expect(getErrorMessage(new ApiError({status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch'}))).toBe(
      ERROR_MESSAGES.NETWORK_ERROR,
    );
  });

  it('4. uses the error text otherwise', () => {
    expect(getErrorMessage(new Error('Boom'))).toBe('Boom');
    expect(getErrorMessage('plain string')).toBe('plain string');
  });

  it('5. falls back to the generic message', () => {
    expect(getErrorMessage(undefined)).toBe(ERROR_MESSAGES.SERVER_ERROR);
    expect(getErrorMessage(new Error(''))).toBe(ERROR_MESSAGES.SERVER_ERROR);
    expect(getErrorMessage({})).toBe(ERROR_MESSAGES.SERVER_ERROR);
  });

  it('prefers the mapped message over the server message and the server message over the text', () => {
    const unknown = new ApiError({
      status: 418,
      code: 'TEAPOT',
      message: 'fetch me',
      body: {error: {message: 'Short and stout'}},
    });
    expect(getErrorMessage(unknown)).toBe('Short and stout');
  });
});

describe('serverMessageOr', () => {
  it('shows the server message, else the screen fallback', () => {
    expect(serverMessageOr(apiError('INVALID_NAME', 'Name too long'), 'Failed to update profile')).toBe(
      'Name too long',
    );
    expect(serverMessageOr(new Error('Failed to fetch'), 'Failed to update profile')).toBe('Failed to update profile');
  });
});

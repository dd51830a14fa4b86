import {describe, expect, it} from 'vitest';
import {ERROR_CATALOGUE} from '../src/errors.js';
import {PASSKEY_LIMIT, PASSKEY_MESSAGES, PASSKEY_NAME_MAX, normalizePasskeyName} from '../src/passkeys.js';

describe('passkey names', () => {
  it('collapse and trim spaces, and must hold 1 to 64 characters', () => {
    expect(normalizePasskeyName('  Work   laptop ')).toBe('Work laptop');
    expect(normalizePasskeyName('x'.repeat(PASSKEY_NAME_MAX))).toHaveLength(PASSKEY_NAME_MAX);
    expect(normalizePasskeyName('x'.repeat(PASSKEY_NAME_MAX + 1))).toBeNull();
    expect(normalizePasskeyName(' \t ')).toBeNull();
  });

  it('are refused by the API and the portal in the same words, which state the rule in force', () => {
    expect(ERROR_CATALOGUE.INVALID_PASSKEY_NAME.message).toBe(PASSKEY_MESSAGES.nameInvalid);
    expect(PASSKEY_MESSAGES.nameInvalid).toContain(`1 to ${PASSKEY_NAME_MAX} characters`);
    expect(ERROR_CATALOGUE.PASSKEY_LIMIT_REACHED.message).toContain(`${PASSKEY_LIMIT} passkeys`);
  });
});

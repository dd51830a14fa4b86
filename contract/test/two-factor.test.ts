import {describe, expect, it} from 'vitest';
import {formatRecoveryCode, normalizeRecoveryCode, normalizeTotpCode, recoveryCodesFile} from '../src/two-factor.js';

describe('two-factor codes as people type them', () => {
  it('takes 6 digits, with the space authenticator apps show, and nothing else', () => {
    expect(normalizeTotpCode('123456')).toBe('123456');
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '', '１２３４５６']) expect(normalizeTotpCode(bad)).toBeNull();
  });

  it('takes a recovery code in any case, with or without its dash, and refuses look-alike characters', () => {
    expect(normalizeRecoveryCode('k7m2q-9xpwd')).toBe('K7M2Q9XPWD');
    expect(normalizeRecoveryCode(' K7M2Q 9XPWD ')).toBe('K7M2Q9XPWD');
    // 0, O, 1, I and L are never in a code: a code with one was mistyped.
    for (const bad of ['K7M2Q-9XPW0', 'K7M2Q-9XPWO', 'K7M2Q-9XPW1', 'K7M2Q-9XPWI', 'K7M2Q-9XPWL', 'K7M2Q', '123456']) {
      expect(normalizeRecoveryCode(bad), bad).toBeNull();
    }
    expect(formatRecoveryCode('K7M2Q9XPWD')).toBe('K7M2Q-9XPWD');
  });

  it('writes the recovery codes file with the account, the date and how the codes work', () => {
    const file = recoveryCodesFile('ada@example.com', ['K7M2Q-9XPWD', 'ABCDE-FGHJK'], new Date('2026-11-24T10:00:00Z'));
    expect(file.split('\n')).toEqual([
      'IntakeKit recovery codes for ada@example.com',
      'Created 2026-11-24. Each code signs you in once, in place of an authenticator code.',
      'Keep them somewhere safe. Making new codes in Settings makes these stop working.',
      '',
      'K7M2Q-9XPWD',
      'ABCDE-FGHJK',
      '',
    ]);
  });
});

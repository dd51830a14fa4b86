import {describe, expect, it} from 'vitest';
import {
  isValidEmail,
  normalizeEmail,
  signUpPayload,
  validateName,
  validatePassword,
  validateResetToken,
} from './validation';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('email shape and normalisation', () => {
  it.each([
    ['a@b.co', true],
    ['  Jane.Doe@Example.COM  ', true],
    ['jane@example', false],
    ['jane example@x.io', false],
    ['@x.io', false],
    ['jane@', false],
    ['', false],
  ])('%j valid=%s', (email, valid) => expect(isValidEmail(email)).toBe(valid));

  it('trims and lowercases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});

describe('sign-up body', () => {
  it('trims name and team name and omits them when empty', () => {
    expect(signUpPayload({email: ' A@B.co ', password: 'p', name: '  Jane ', teamName: '   '})).toEqual({
      email: 'a@b.co',
      password: 'p',
      name: 'Jane',
    });
    expect(signUpPayload({email: 'a@b.co', password: 'p', name: '', teamName: ' Acme '})).toEqual({
      email: 'a@b.co',
      password: 'p',
      teamName: 'Acme',
    });
  });
});

describe('password validator', () => {
  it.each([
    ['', 'Password is required'],
    ['Abc123!', 'Password must be at least 10 characters'],
    ['abcdefghijk', 'Password must contain at least 2 of: uppercase, lowercase, number, or symbol'],
    ['ABCDEFGHIJK', 'Password must contain at least 2 of: uppercase, lowercase, number, or symbol'],
    ['12345678901', 'Password must contain at least 2 of: uppercase, lowercase, number, or symbol'],
    ['abcdefghij!', null],
    ['ABCDEFGHIJ1', null],
  ])('%j -> %j', (password, message) => expect(validatePassword(password)).toBe(message));
});

describe('reset password', () => {
  it('needs a token', () => {
    expect(validateResetToken(null)).toBe('No reset token provided');
    expect(validateResetToken('')).toBe('No reset token provided');
    expect(validateResetToken('not a token!')).toBe('Invalid reset link');
    expect(validateResetToken(TOKEN)).toBeNull();
  });
});

describe('names (the API rule, in its words)', () => {
  const ADDRESS = 'Names cannot contain a web or email address';
  const INVISIBLE = 'Names cannot contain control characters';

  it('refuses a web or email address and hidden characters', () => {
    expect(validateName('help@evil.test')).toMatch(ADDRESS);
    expect(validateName('Ada\u2028Lovelace')).toMatch(INVISIBLE);
  });

  it('leaves empty names to the other rules', () => {
    expect(validateName('')).toBeNull();
    expect(validateName(undefined)).toBeNull();
    expect(validateName('  Jane  ')).toBeNull();
  });
});

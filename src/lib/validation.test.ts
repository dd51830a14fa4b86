import {describe, expect, it} from 'vitest';
import {
  canSubmitChangePassword,
  isValidEmail,
  normalizeEmail,
  sharedPasswordCheck,
  signUpPayload,
  validateChangePassword,
  validateForgotPassword,
  validatePassword,
  validateName,
  validateProfileName,
  validateResetPassword,
  validateResetToken,
  validateSignIn,
  validateSignUp,
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

describe('sign-in', () => {
  it.each([
    [{email: '', password: ''}, 'Email and password are required'],
    [{email: 'a@b.co', password: ''}, 'Email and password are required'],
    [{email: '   ', password: 'x'}, 'Email and password are required'],
    [{email: 'nope', password: 'x'}, 'Please enter a valid email address'],
    [{email: ' A@B.co ', password: 'x'}, null],
  ])('%j -> %j', (input, message) => expect(validateSignIn(input)).toBe(message));
});

describe('sign-up', () => {
  it.each([
    [{email: '', password: 'Abcdefghij1'}, 'Email and password are required'],
    [{email: 'a@b.co', password: ''}, 'Email and password are required'],
    [{email: 'nope', password: 'Abcdefghij1'}, 'Please enter a valid email address'],
    [{email: 'a@b.co', password: 'Abc1'}, 'Password must be at least 10 characters'],
    [
      {email: 'a@b.co', password: 'abcdefghij'},
      'Password must contain at least 2 of: uppercase, lowercase, number, or symbol',
    ],
    [{email: 'a@b.co', password: 'abcdefghi1'}, null],
  ])('%j -> %j', (input, message) => expect(validateSignUp(input)).toBe(message));

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

  it('is the shared check of the reset page', () => {
    expect(sharedPasswordCheck('abcdefghijk')).toEqual({
      valid: false,
      message: 'Password must contain at least 2 of: uppercase, lowercase, number, or symbol',
    });
    expect(sharedPasswordCheck('abcdefghij!')).toEqual({valid: true});
  });
});

describe('forgot password', () => {
  it.each([
    ['', 'Email address is required'],
    ['  ', 'Email address is required'],
    ['bad', 'Please enter a valid email address'],
    [' Jane@Example.com ', null],
  ])('%j -> %j', (email, message) => expect(validateForgotPassword(email)).toBe(message));
});

describe('reset password', () => {
  it('needs a token', () => {
    expect(validateResetToken(null)).toBe('No reset token provided');
    expect(validateResetToken('')).toBe('No reset token provided');
    expect(validateResetToken('not a token!')).toBe('Invalid reset link');
    expect(validateResetToken(TOKEN)).toBeNull();
  });

  it.each([
    [{token: null, password: 'a', confirm: 'a'}, 'No reset token provided'],
    [{token: TOKEN, password: '', confirm: ''}, 'Please fill in all fields'],
    [{token: TOKEN, password: 'Abcdefghij1', confirm: ''}, 'Please fill in all fields'],
    [{token: TOKEN, password: 'Abcdefghij1', confirm: 'Abcdefghij2'}, 'Passwords do not match'],
    [{token: TOKEN, password: 'short', confirm: 'short'}, 'Password must be at least 10 characters'],
    [{token: TOKEN, password: 'Abcdefghij1', confirm: 'Abcdefghij1'}, null],
  ])('%j -> %j', (input, message) => expect(validateResetPassword(input)).toBe(message));
});

const MIX = 'Password must contain at least 2 of: uppercase, lowercase, number, or symbol';

describe('change password', () => {
  it.each([
    [{current: 'old', next: 'newpass1', confirm: 'newpass2'}, 'New passwords do not match'],
    [{current: 'old', next: 'short', confirm: 'short'}, 'New password must be at least 8 characters long'],
    // 8 or 9 characters pass the form's minimum of 8 but not the API's rule: said before any call, in the rule's words.
    [{current: 'old', next: 'newpass1', confirm: 'newpass1'}, 'Password must be at least 10 characters'],
    [{current: 'old', next: 'newpassword', confirm: 'newpassword'}, MIX],
    [{current: 'old', next: 'newpassword1', confirm: 'newpassword1'}, null],
  ])('%j -> %j', (input, message) => expect(validateChangePassword(input)).toBe(message));

  it('keeps the button disabled until all three fields are filled', () => {
    expect(canSubmitChangePassword({current: 'a', next: 'b', confirm: ''})).toBe(false);
    expect(canSubmitChangePassword({current: '', next: 'b', confirm: 'c'})).toBe(false);
    expect(canSubmitChangePassword({current: 'a', next: 'b', confirm: 'c'})).toBe(true);
  });
});

describe('profile', () => {
  it('needs a non-empty name after trimming', () => {
    expect(validateProfileName('   ')).toBe('Name cannot be empty');
    expect(validateProfileName(' Jane ')).toBeNull();
  });
});

describe('names (the API rule, in its words)', () => {
  const ADDRESS = 'Names cannot contain a web or email address';
  const INVISIBLE = 'Names cannot contain control characters';

  it('refuses a web or email address and hidden characters in the profile, sign-up and invite forms', () => {
    expect(validateProfileName('Verify at https://evil.test/x')).toMatch(ADDRESS);
    expect(validateProfileName('Ada\u202Eevil')).toMatch(INVISIBLE);
    expect(validateName('help@evil.test')).toMatch(ADDRESS);
    expect(validateName('Ada\u2028Lovelace')).toMatch(INVISIBLE);
    const signUp = {email: 'ada@example.com', password: 'Correct-Horse-42'};
    expect(validateSignUp({...signUp, name: 'Ada', teamName: 'example.com'})).toMatch(ADDRESS);
    expect(validateSignUp({...signUp, name: 'Ada\u0085'})).toMatch(INVISIBLE);
    expect(validateSignUp({...signUp, name: 'Dr. J. Smith', teamName: "St. Mary's Clinic"})).toBeNull();
  });

  it('leaves empty names to the other rules', () => {
    expect(validateName('')).toBeNull();
    expect(validateName(undefined)).toBeNull();
    expect(validateName('  Jane  ')).toBeNull();
  });
});

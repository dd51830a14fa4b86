import {describe, expect, it} from 'vitest';
import {canDeleteAccount} from './messages';

describe('delete account confirmation', () => {
  it.each<[string, string, boolean]>([
    ['', 'DELETE', false],
    ['secret', '', false],
    ['secret', 'delete', false],
    ['secret', 'DELET', false],
    ['secret', 'DELETE', true],
    ['secret', ' DELETE ', true],
  ])('needs the password and DELETE typed exactly: %j, %j -> %s', (password, typed, allowed) => {
    expect(canDeleteAccount(password, typed)).toBe(allowed);
  });
});

import {describe, expect, it} from 'vitest';
import {canDeleteAccount} from './messages';

describe('delete account confirmation', () => {
  it('needs the password and DELETE typed exactly', () => {
    expect(canDeleteAccount('', 'DELETE')).toBe(false);
    expect(canDeleteAccount('secret', '')).toBe(false);
    expect(canDeleteAccount('secret', 'delete')).toBe(false);
    expect(canDeleteAccount('secret', 'DELET')).toBe(false);
    expect(canDeleteAccount('secret', 'DELETE')).toBe(true);
    expect(canDeleteAccount('secret', ' DELETE ')).toBe(true);
  });
});

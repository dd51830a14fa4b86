import {describe, expect, it} from 'vitest';
import {COPIED_MS, EMAIL_MESSAGE_MS} from './timing';

describe('shared timing', () => {
  it('has the spec constants', () => {
    expect(EMAIL_MESSAGE_MS).toBe(5000);
    expect(COPIED_MS).toBe(2000);
  });
});

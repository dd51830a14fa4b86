import {describe, expect, it} from 'vitest';
import {EMAIL_MESSAGE_MS} from './timing';

describe('shared timing (spec §9)', () => {
  it('has the spec constants', () => {
    expect(EMAIL_MESSAGE_MS).toBe(5000);
  });
});

import {describe, expect, it} from 'vitest';
import {maskApiKey, maskEmail} from './mask';

describe('maskApiKey: first and last 8 visible, 16 or fewer whole', () => {
  it.each([
    ['', ''],
    ['a', 'a'],
    ['abcdefgh12345678', 'abcdefgh12345678'], // 16: whole
    ['abcdefgh_12345678', 'abcdefgh*12345678'], // 17: one star
    ['ik_sandbox_0123456789abcdefghijklmnopqrs', `ik_sandb${'*'.repeat(24)}lmnopqrs`], // 40
  ])('%j -> %j', (key, masked) => {
    expect(maskApiKey(key)).toBe(masked);
    expect(maskApiKey(key)).toHaveLength(key.length);
  });
});

describe('maskEmail (verify-email-sent page)', () => {
  it.each([
    ['jane.doe@example.com', 'j******e@example.com'],
    ['ab@example.com', 'a*@example.com'],
    ['a@example.com', '*@example.com'],
    ['abc@x.io', 'a*c@x.io'],
    ['noatsign', 'n******n'],
    ['', ''],
  ])('%j -> %j', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

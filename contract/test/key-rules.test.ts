import {describe, expect, it} from 'vitest';
import {
  GRACE_PERIOD_SECONDS,
  GRACE_PERIODS,
  KEY_EXPIRY_MAX_DAYS,
  KEY_NAME_MAX_LENGTH,
  defaultKeyName,
  expiryAllowed,
  keyEnding,
  keyIsRetrievable,
  maskApiKey,
  normalizeKeyName,
} from '../src/api-keys.js';

const DAY = 86_400_000;

describe('key names', () => {
  it('number the owner’s keys of a type from the second on', () => {
    expect(defaultKeyName('sandbox', 1)).toBe('Sandbox key');
    expect(defaultKeyName('sandbox', 2)).toBe('Sandbox key 2');
    expect(defaultKeyName('production', 3)).toBe('Production key 3');
  });

  it('are trimmed and refused when empty, too long or holding control characters', () => {
    expect(normalizeKeyName('  Clinic web  ')).toBe('Clinic web');
    expect(normalizeKeyName('   ')).toBeUndefined();
    expect(normalizeKeyName('x'.repeat(KEY_NAME_MAX_LENGTH))).toHaveLength(KEY_NAME_MAX_LENGTH);
    expect(normalizeKeyName('x'.repeat(KEY_NAME_MAX_LENGTH + 1))).toBeUndefined();
    expect(normalizeKeyName('tab\there')).toBeUndefined();
  });
});

describe('masking and naming a key to a person', () => {
  const key = 'ik_sandbox_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';
  it('keeps the first and last 8 characters, and the ending is the same masked or whole', () => {
    expect(maskApiKey(key)).toBe(`ik_sandb${'*'.repeat(key.length - 16)}89ABCDEF`);
    expect(keyEnding(maskApiKey(key))).toBe(keyEnding(key));
    expect(keyEnding(key)).toBe('89ABCDEF');
  });

  it('lists sandbox keys whole and production keys only masked', () => {
    expect(keyIsRetrievable('sandbox')).toBe(true);
    expect(keyIsRetrievable('production')).toBe(false);
  });
});

describe('expiry and grace', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('allows never, and a moment after now up to the maximum', () => {
    expect(expiryAllowed(null, now)).toBe(true);
    expect(expiryAllowed(new Date(now.getTime() + 1000), now)).toBe(true);
    expect(expiryAllowed(new Date(now.getTime() + KEY_EXPIRY_MAX_DAYS * DAY), now)).toBe(true);
    expect(expiryAllowed(now, now)).toBe(false);
    expect(expiryAllowed(new Date(now.getTime() + KEY_EXPIRY_MAX_DAYS * DAY + 1), now)).toBe(false);
    expect(expiryAllowed(new Date('nonsense'), now)).toBe(false);
  });

  it('offers now, 1 hour, 24 hours and 7 days', () => {
    expect(GRACE_PERIODS.map((g) => GRACE_PERIOD_SECONDS[g])).toEqual([0, 3600, 86_400, 604_800]);
  });
});

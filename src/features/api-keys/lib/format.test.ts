import {describe, expect, it} from 'vitest';
import {
  capitalize,
  formatDate,
  formatDay,
  formatDateStable,
  formatKeyType,
  formatLastUsed,
  formatStatus,
  NEVER_USED,
} from './format';

describe('status and key type', () => {
  it('capitalises the status', () => {
    expect(formatStatus('active')).toBe('Active');
    expect(formatStatus('revoked')).toBe('Revoked');
  });
  it('capitalises the key type', () => {
    expect(formatKeyType('sandbox')).toBe('Sandbox');
    expect(formatKeyType('production')).toBe('Production');
  });
  it('leaves an empty value alone', () => {
    expect(capitalize('')).toBe('');
  });
});

describe('dates', () => {
  const iso = '2026-03-05T14:07:00.000Z';

  it('formats in the given locale and time zone', () => {
    expect(formatDate(iso, 'en-US', 'UTC')).toBe(
      new Intl.DateTimeFormat('en-US', {dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC'}).format(
        new Date(iso),
      ),
    );
    expect(formatDate(iso, 'en-US', 'UTC')).toMatch(/Mar 5, 2026/);
    expect(formatDate(iso, 'de-DE', 'UTC')).toMatch(/05\.03\.2026/);
  });

  it('formats the day alone', () => {
    expect(formatDay(iso, 'en-US', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDay(null)).toBe('');
  });

  it('follows the time zone', () => {
    expect(formatDate('2026-03-05T23:30:00Z', 'en-US', 'Asia/Tokyo')).toMatch(/Mar 6, 2026/);
  });

  it('returns an empty string for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it("shows 'Never' when the key was not used", () => {
    expect(formatLastUsed(null)).toBe(NEVER_USED);
    expect(formatLastUsed(undefined)).toBe('Never');
    expect(formatLastUsed('')).toBe('Never');
    expect(formatLastUsed(iso, 'en-US', 'UTC')).toMatch(/Mar 5, 2026/);
  });

  it('has a locale-free form for the first paint', () => {
    expect(formatDateStable(iso)).toBe('2026-03-05');
    expect(formatDateStable(null)).toBe('');
    expect(formatDateStable('nope')).toBe('');
  });
});

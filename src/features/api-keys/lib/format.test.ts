import {describe, expect, it} from 'vitest';
import {
  capitalize,
  expiryFor,
  formatTimeLeft,
  keyLabel,
  formatDate,
  formatDateSplit,
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

  it('cuts a timestamp where its time begins, and the parts join to the whole text', () => {
    expect(formatDateSplit(iso, 'en-US', 'UTC')).toEqual(['Mar 5, 2026, ', '2:07 PM']);
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'ja-JP', 'ar-EG']) {
      const [day, time] = formatDateSplit(iso, locale, 'UTC');
      expect(day + time, locale).toBe(formatDate(iso, locale, 'UTC'));
      expect(day, locale).not.toBe('');
    }
    expect(formatDateSplit(null)).toEqual(['', '']);
    expect(formatDateSplit('not a date')).toEqual(['', '']);
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

describe('keys for browsers', () => {
  it('names a key by its name and the last 8 characters, masked or whole', () => {
    const key = {name: 'Sandbox key 2', apiKey: 'ik_sandb**************************9f3KQ2a1'};
    expect(keyLabel(key)).toBe('Sandbox key 2 (ending 9f3KQ2a1)');
  });

  it('says the time left of a grace period in the unit that reads well', () => {
    const now = Date.parse('2026-01-15T09:00:00Z');
    expect(formatTimeLeft('2026-01-15T10:00:00Z', now)).toBe('60 min');
    expect(formatTimeLeft('2026-01-15T09:59:00Z', now + 1)).toBe('59 min');
    expect(formatTimeLeft('2026-01-15T10:00:02Z', now)).toBe('60 min');
    expect(formatTimeLeft('2026-01-15T09:00:45Z', now)).toBe('1 min');
    expect(formatTimeLeft('2026-01-15T09:00:20Z', now)).toBe('less than a minute');
    expect(formatTimeLeft('2026-01-16T09:00:00Z', now)).toBe('24 h');
    expect(formatTimeLeft('2026-01-22T09:00:00Z', now)).toBe('7 days');
    expect(formatTimeLeft('2026-01-15T08:00:00Z', now)).toBe('less than a minute');
  });

  it('turns an expiry choice into the timestamp the API takes', () => {
    const now = Date.parse('2026-01-15T09:00:00Z');
    expect(expiryFor('never', now)).toBeNull();
    expect(expiryFor('30', now)).toBe('2026-02-14T09:00:00.000Z');
    expect(expiryFor('365', now)).toBe('2027-01-15T09:00:00.000Z');
    expect(new Date(expiryFor('date', now, '2026-03-01')!).getDate()).toBe(1);
    expect(expiryFor('date', now, '')).toBeUndefined();
    expect(expiryFor('date', now, '01/03/2026')).toBeUndefined();
  });
});

import {describe, expect, it} from 'vitest';
import {expiryText} from './expiry';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('invitation expiry text', () => {
  it("reads 'Expires in 7 days' for an invitation sent a moment ago", () => {
    expect(expiryText(at(7 * DAY - 5 * SECOND), NOW)).toBe('Expires in 7 days');
    expect(expiryText(at(7 * DAY), NOW)).toBe('Expires in 7 days');
  });

  it('counts whole days, rounded to the nearest, down to one day', () => {
    expect(expiryText(at(3 * DAY + 11 * HOUR), NOW)).toBe('Expires in 3 days');
    expect(expiryText(at(3 * DAY + 13 * HOUR), NOW)).toBe('Expires in 4 days');
    expect(expiryText(at(DAY + HOUR), NOW)).toBe('Expires in 1 day');
    expect(expiryText(at(DAY), NOW)).toBe('Expires in 1 day');
  });

  it('counts hours, then minutes, on the last day', () => {
    expect(expiryText(at(DAY - SECOND), NOW)).toBe('Expires in 24 hours');
    expect(expiryText(at(5 * HOUR + MINUTE), NOW)).toBe('Expires in 6 hours');
    expect(expiryText(at(HOUR), NOW)).toBe('Expires in 1 hour');
    expect(expiryText(at(HOUR - SECOND), NOW)).toBe('Expires in 60 minutes');
    expect(expiryText(at(90 * SECOND), NOW)).toBe('Expires in 2 minutes');
    expect(expiryText(at(SECOND), NOW)).toBe('Expires in 1 minute');
  });

  it("reads 'Expired' from the expiry instant on (a link is valid while now < expiresAt)", () => {
    expect(expiryText(at(0), NOW)).toBe('Expired');
    expect(expiryText(at(-DAY), NOW)).toBe('Expired');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(expiryText('not a date', NOW)).toBe('');
  });
});

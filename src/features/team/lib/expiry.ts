/** The invitation rows' 'Expires in N days' (a link lasts 7 days from its last send). */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Days are rounded to the nearest whole day, so a fresh invitation (7 days less the seconds since it was sent)
 * reads 'Expires in 7 days'. Under a day the text counts hours (rounded up), then minutes, so the last day is
 * never shown as '0 days'. A link is valid while now < expiresAt, so at expiresAt it reads 'Expired'.
 */
export function expiryText(expiresAt: string, now: number = Date.now()): string {
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return '';
  if (left <= 0) return 'Expired';
  if (left < HOUR_MS) return `Expires in ${count(Math.ceil(left / MINUTE_MS), 'minute')}`;
  if (left < DAY_MS) return `Expires in ${count(Math.ceil(left / HOUR_MS), 'hour')}`;
  return `Expires in ${count(Math.round(left / DAY_MS), 'day')}`;
}

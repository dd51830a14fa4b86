/** Display rules of the keys table: capitalised status and type, 'Never' when unused, local dates. */

export const NEVER_USED = 'Never';

/** 'active' -> 'Active', 'revoked' -> 'Revoked'. */
export function capitalize(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

export const formatStatus = capitalize;
export const formatKeyType = capitalize;

const DATE_TIME: Intl.DateTimeFormatOptions = {dateStyle: 'medium', timeStyle: 'short'};
const DAY: Intl.DateTimeFormatOptions = {dateStyle: 'medium'};

function format(
  options: Intl.DateTimeFormatOptions,
  iso: string | null | undefined,
  locale?: string | string[],
  timeZone?: string,
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {...options, timeZone}).format(date);
}

/**
 * A timestamp (date and time) in the reader's locale and time zone (pass `locale` and `timeZone` to pin
 * them in tests). Returns '' for a missing or unreadable value.
 */
export function formatDate(iso: string | null | undefined, locale?: string | string[], timeZone?: string): string {
  return format(DATE_TIME, iso, locale, timeZone);
}

/**
 * A timestamp as formatDate writes it, cut where the time begins ('Nov 26, 2026, ' and '12:18 PM'), so a narrow
 * column can break the line between the date and the time and nowhere else. The two parts join to formatDate's text.
 */
export function formatDateSplit(
  iso: string | null | undefined,
  locale?: string | string[],
  timeZone?: string,
): [string, string] {
  if (!iso) return ['', ''];
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return ['', ''];
  const formatter = new Intl.DateTimeFormat(locale, {...DATE_TIME, timeZone});
  // Cut format()'s own text: V8's format() writes a plain space where formatToParts() gives U+202F before 'PM'.
  const whole = formatter.format(date);
  const parts = formatter.formatToParts(date);
  const hour = parts.findIndex((part) => part.type === 'hour');
  // A locale that writes the time first keeps the whole text in one piece.
  const dayFirst = hour > 0 && parts.slice(0, hour).some((part) => part.type === 'year');
  const cut = dayFirst ? parts.slice(0, hour).reduce((length, part) => length + part.value.length, 0) : whole.length;
  return [whole.slice(0, cut), whole.slice(cut)];
}

/** The day only, in the reader's locale and time zone. */
export function formatDay(iso: string | null | undefined, locale?: string | string[], timeZone?: string): string {
  return format(DAY, iso, locale, timeZone);
}

/** Last Used: 'Never' when the key has not been used. */
export function formatLastUsed(iso: string | null | undefined, locale?: string | string[], timeZone?: string): string {
  return formatDate(iso, locale, timeZone) || NEVER_USED;
}

/**
 * What the static HTML and the first client paint show before the reader's locale is known: the UTC day
 * (YYYY-MM-DD), identical on server and client, so hydration never mismatches.
 */
export function formatDateStable(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** How a person names a key: 'Sandbox key 2 (ending 9f3KQ2a1)'. */
export function keyLabel(key: {name: string; apiKey: string}): string {
  return `${key.name} (ending ${key.apiKey.slice(-8)})`;
}

/**
 * Time left until `untilIso`, rounded to the unit that reads well: '59 min' up to an hour and a half (the browser's
 * clock may be a few seconds off the server's, so a fresh 1-hour grace reads 60 min, not 1 h), then '23 h', then
 * '6 days'.
 */
export function formatTimeLeft(untilIso: string, nowMs: number): string {
  const ms = Date.parse(untilIso) - nowMs;
  if (!(ms > 30_000)) return 'less than a minute';
  const minutes = Math.round(ms / 60_000);
  if (minutes <= 90) return minutes === 1 ? '1 min' : `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

export const EXPIRY_CHOICES = ['never', '30', '90', '365', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const EXPIRY_CHOICE_LABELS: Record<ExpiryChoice, string> = {
  never: 'Never',
  '30': 'In 30 days',
  '90': 'In 90 days',
  '365': 'In 365 days',
  date: 'On a date',
};

/**
 * The expiry an expiry choice means, as the API takes it: null for never, now plus the days, or the end of the
 * chosen day (YYYY-MM-DD) in the reader's time zone; undefined when the date is missing or unreadable.
 */
export function expiryFor(choice: ExpiryChoice, nowMs: number, date = ''): string | null | undefined {
  if (choice === 'never') return null;
  if (choice === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!match) return undefined;
    const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
    return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
  }
  return new Date(nowMs + Number(choice) * 86_400_000).toISOString();
}

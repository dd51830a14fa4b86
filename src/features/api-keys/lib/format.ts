/** Display rules of the keys table (spec §2): capitalised status and type, 'Never' when unused, local dates. */

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

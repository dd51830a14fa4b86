/**
 * Times as the reader reads them: their locale and time zone. One place, so every page writes a time alike.
 * To the second where events are seconds apart (deliveries, submissions, the activity log); to the minute for
 * sessions; the day alone where the time means nothing (a passkey's creation).
 */
const format = (iso: string, options: Intl.DateTimeFormatOptions) => new Date(iso).toLocaleString(undefined, options);

export const toSecond = (iso: string) => format(iso, {dateStyle: 'medium', timeStyle: 'medium'});
export const toMinute = (iso: string) => format(iso, {dateStyle: 'medium', timeStyle: 'short'});
export const toDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, {dateStyle: 'medium'});

/** A time in the reader's locale and zone, to the second (a delivery's attempts are seconds apart). */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'medium'});

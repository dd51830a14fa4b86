import type {ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {formatDate, formatDateSplit, formatDateStable, formatDay} from '../lib/format';
import styles from './local-date.module.css';

/**
 * A date in the reader's locale. The locale is only known in the browser, so the static HTML and the
 * hydration pass render the UTC day, and the local format follows right after hydration (no mismatch).
 */
export default function LocalDate({
  iso,
  fallback = '',
  dayOnly = false,
}: {
  iso: string | null | undefined;
  fallback?: string;
  dayOnly?: boolean;
}): ReactNode {
  const isBrowser = useIsBrowser();
  const text = (isBrowser ? (dayOnly ? formatDay(iso) : formatDate(iso)) : formatDateStable(iso)) || fallback;
  if (!iso || !text || text === fallback) return text;
  if (dayOnly || !isBrowser) {
    // With the day only, the full local time is a hover away.
    return (
      <time dateTime={iso} title={dayOnly && isBrowser ? formatDate(iso) : undefined}>
        {text}
      </time>
    );
  }
  // The line may break between the date and the time, never inside either, so a table column can be narrow.
  const [day, time] = formatDateSplit(iso);
  return (
    <time dateTime={iso}>
      <span className={styles.unbroken}>{day.trimEnd()}</span>
      {day.slice(day.trimEnd().length)}
      <span className={styles.unbroken}>{time}</span>
    </time>
  );
}

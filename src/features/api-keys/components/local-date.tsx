import type {ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {formatDate, formatDateStable} from '../lib/format';

/**
 * A date in the reader's locale. The locale is only known in the browser, so the static HTML and the
 * hydration pass render the UTC day, and the local format follows right after hydration (no mismatch).
 */
export default function LocalDate({iso, fallback = ''}: {iso: string | null | undefined; fallback?: string}): ReactNode {
  const isBrowser = useIsBrowser();
  const text = (isBrowser ? formatDate(iso) : formatDateStable(iso)) || fallback;
  if (!iso || !text || text === fallback) return text;
  return <time dateTime={iso}>{text}</time>;
}

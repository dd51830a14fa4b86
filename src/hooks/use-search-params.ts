import {useMemo} from 'react';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';

/**
 * The query string, or null while rendering on the server and during hydration: pages are static, so
 * whatever depends on the query appears after the first client paint (no hydration mismatch).
 */
export function useSearchParams(): URLSearchParams | null {
  const isBrowser = useIsBrowser();
  const {search} = useLocation();
  return useMemo(() => (isBrowser ? new URLSearchParams(search) : null), [isBrowser, search]);
}

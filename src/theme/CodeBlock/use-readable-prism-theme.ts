import type {PrismTheme} from 'prism-react-renderer';
import {usePrismTheme} from '@docusaurus/theme-common';
import {readableTheme} from './readable-theme';

/** The configured Prism theme (light or dark), made readable (WCAG AA). */
export function useReadablePrismTheme(): PrismTheme {
  return readableTheme(usePrismTheme());
}

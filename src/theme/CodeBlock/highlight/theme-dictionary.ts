import type {CSSProperties} from 'react';
import type {PrismTheme} from 'prism-react-renderer';

/** Styles by token type; `root` styles the block, `plain` each line (its background is the block's). */
export type ThemeDictionary = Record<string, CSSProperties> & {root: CSSProperties; plain: CSSProperties};

/** A Prism theme's styles for one language, by token type (as prism-react-renderer's `themeToDict`). */
export function themeDictionary(theme: PrismTheme, language: string): ThemeDictionary {
  const byType: Record<string, CSSProperties> = {};
  for (const {types, style, languages} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) byType[type] = {...byType[type], ...style};
  }
  return {...byType, root: theme.plain, plain: {...theme.plain, backgroundColor: undefined}};
}

import {useCallback, useMemo, type CSSProperties} from 'react';
import clsx from 'clsx';
import type {
  LineInputProps,
  LineOutputProps,
  PrismTheme,
  Token,
  TokenInputProps,
  TokenOutputProps,
} from 'prism-react-renderer';
import type {Token as PrismToken} from 'prismjs';
import Prism from './prism';
import {normalizeTokens} from './normalize-tokens';
import {themeDictionary, type ThemeDictionary} from './theme-dictionary';

export interface Highlighted {
  lines: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: LineInputProps) => LineOutputProps;
  getTokenProps: (input: TokenInputProps) => TokenOutputProps;
}

/** `code` as lines of tokens with Prism, without a grammar (`text`) as plain lines. */
export function tokenize(code: string, language: string): Token[][] {
  const grammar = Prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const env = {code, grammar, language, tokens: [] as Array<string | PrismToken>};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

function tokenStyle(dictionary: ThemeDictionary, {types, empty}: Token): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty) return dictionary[types[0]!];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => dictionary[type]));
}

/**
 * What prism-react-renderer's `<Highlight>` gives its render function, on ./prism.ts's Prism: the props the theme's
 * CodeBlock Line takes, so the blocks render exactly as the theme's own.
 */
export function useHighlight({
  code,
  language: named,
  theme,
}: {
  code: string;
  language: string;
  theme: PrismTheme;
}): Highlighted {
  const language = named.toLowerCase();
  const dictionary = useMemo(() => themeDictionary(theme, language), [theme, language]);
  const lines = useMemo(() => tokenize(code, language), [code, language]);
  const getLineProps = useCallback(
    ({className, style, line: _line, ...rest}: LineInputProps): LineOutputProps => ({
      ...rest,
      className: clsx('token-line', className),
      style: {...dictionary.plain, ...style},
    }),
    [dictionary],
  );
  const getTokenProps = useCallback(
    ({token, className, style, ...rest}: TokenInputProps): TokenOutputProps => {
      const own = tokenStyle(dictionary, token);
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style ? {...own, ...style} : own,
      };
    },
    [dictionary],
  );
  return {lines, className: `prism-code language-${language}`, style: dictionary.root, getLineProps, getTokenProps};
}

import {readFileSync, readdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {
  Highlight,
  Prism as LibraryPrism,
  normalizeTokens as libraryNormalizeTokens,
  themes,
} from 'prism-react-renderer';
import type {PrismTheme} from 'prism-react-renderer';
import {EXAMPLE_LANGUAGES} from '@site/src/components/api-reference/examples';
import {readableTheme} from '@site/src/lib/readable-prism-theme';
import Prism from './prism';
import {normalizeTokens} from './normalize-tokens';
import {siteCodeBlocks} from './site-code-blocks';
import {tokenize, useHighlight, type Highlighted} from './use-highlight';

// The reference: prism-react-renderer's own Prism with what docusaurus.config.ts's `additionalLanguages` added to
// it before (bash; python and json it carries).
const require = createRequire(import.meta.url);
new Function('Prism', readFileSync(require.resolve('prismjs/components/prism-bash.js'), 'utf8'))(LibraryPrism);

type Props = Pick<Highlighted, 'className' | 'style' | 'getLineProps' | 'getTokenProps'> & {
  lines: Highlighted['lines'];
};

function Block({lines, className, style, getLineProps, getTokenProps}: Props): ReactNode {
  return (
    <pre className={className} style={style}>
      {lines.map((line, i) => (
        <div key={i} {...getLineProps({line})}>
          {line.map((token, j) => (
            <span key={j} {...getTokenProps({token})} />
          ))}
        </div>
      ))}
    </pre>
  );
}

function Ours({code, language, theme}: {code: string; language: string; theme: PrismTheme}): ReactNode {
  return <Block {...useHighlight({code, language, theme})} />;
}

function Library({code, language, theme}: {code: string; language: string; theme: PrismTheme}): ReactNode {
  return (
    <Highlight code={code} language={language} theme={theme}>
      {({tokens, ...rest}) => <Block lines={tokens} {...rest} />}
    </Highlight>
  );
}

/** What a reader sees: each line's text in runs of one style (token classes style nothing on this site). */
function seen(html: string): string[] {
  return html
    .replace(/ class="[^"]*"/g, '')
    .split('<div')
    .map((line) =>
      [...line.matchAll(/<span(?: style="([^"]*)")?>([^<]*)<\/span>/g)]
        .reduce<Array<[string, string]>>((runs, [, style = '', text = '']) => {
          const last = runs.at(-1);
          if (last && last[0] === style) last[1] += text;
          else runs.push([style, text]);
          return runs;
        }, [])
        .map(([style, text]) => `${style}|${text}`)
        .join(' '),
    );
}

describe("the code blocks' highlighter (Prism with the site's grammars)", () => {
  const blocks = siteCodeBlocks();

  it('colours every code block of the guide as prism-react-renderer did, in the light and the dark theme', () => {
    expect(blocks.length).toBeGreaterThan(25);
    for (const theme of [readableTheme(themes.github), readableTheme(themes.dracula)]) {
      for (const {file, language, code} of blocks) {
        const ours = renderToStaticMarkup(<Ours code={code} language={language} theme={theme} />);
        const library = renderToStaticMarkup(<Library code={code} language={language} theme={theme} />);
        expect(seen(ours), `${file}, ${language}`).toEqual(seen(library));
        expect(ours.match(/<pre[^>]*>/)?.[0]).toBe(library.match(/<pre[^>]*>/)?.[0]);
      }
    }
    // Every block of the guide twice in each theme: 8.5 s in a CI run beside the checks (2026-11-27), past the default.
  }, 30_000);

  it('has the grammar of every language a code block of the site names', () => {
    const fromComponents = readdirSync(path.resolve(import.meta.dirname, '../../..'), {recursive: true})
      .map(String)
      .filter((file) => /\.tsx$/.test(file) && !file.includes('.test.'))
      .flatMap((file) => [
        ...readFileSync(path.resolve(import.meta.dirname, '../../..', file), 'utf8').matchAll(
          /<CodeBlock language="(\w+)"/g,
        ),
      ])
      .map(([, language]) => language!);
    const languages = new Set([
      ...blocks.map((b) => b.language),
      ...EXAMPLE_LANGUAGES.map((l) => l.prism),
      ...fromComponents,
    ]);
    expect(fromComponents).toEqual(expect.arrayContaining(['js', 'html']));
    for (const language of languages) {
      if (language !== 'text') expect(Prism.languages[language], language).toBeTypeOf('object');
    }
    expect(
      tokenize('curl -s "$URL"', 'bash')
        .flat()
        .some((t) => t.types.includes('function')),
    ).toBe(true);
  });

  it('splits tokens into lines as prism-react-renderer does, empty lines and Windows line ends included', () => {
    for (const code of ['', '\n', 'a\r\nb', 'let x = 1;\n\n\n// end\n', '<p class="a">\n  x\n</p>']) {
      const tokens = Prism.tokenize(code, Prism.languages.html!);
      expect(normalizeTokens(tokens), JSON.stringify(code)).toEqual(libraryNormalizeTokens(tokens));
    }
    expect(tokenize('a\n\nb', 'text')).toEqual(libraryNormalizeTokens(['a\n\nb']));
  });

  it("leaves no Prism on the page's global object (the core would highlight the page's code elements itself)", () => {
    expect((globalThis as {Prism?: unknown}).Prism).toBeUndefined();
  });

  it("keeps prism-react-renderer's module out of the browser's bundle: the site imports only its types", () => {
    const src = path.resolve(import.meta.dirname, '../../..');
    const importers = readdirSync(src, {recursive: true})
      .map(String)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .filter((file) =>
        /^import (?!type )[^;]*from 'prism-react-renderer'/m.test(readFileSync(path.join(src, file), 'utf8')),
      );
    expect(importers).toEqual([]);
  });
});

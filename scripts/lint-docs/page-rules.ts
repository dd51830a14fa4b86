import type {Code, Heading, Image} from 'mdast';
import type {Finding} from './finding';
import type {Page} from './page';
import {HIGHLIGHTED_LANGUAGES} from './prism-languages';
import {isJsx, jsxAttribute, lineOf, nodesOf} from './tree';

const LISTED = [...HIGHLIGHTED_LANGUAGES].join(', ');

/** Fenced blocks: each names a language the site highlights. */
export function codeLanguages(page: Page): Finding[] {
  return [...nodesOf(page.tree)]
    .filter((node): node is Code => node.type === 'code')
    .flatMap((code) => {
      const at = {file: page.file, line: lineOf(code), rule: 'code-language'};
      if (!code.lang)
        return [{...at, message: `this code block names no language: write one after the fence (${LISTED}).`}];
      if (HIGHLIGHTED_LANGUAGES.has(code.lang)) return [];
      return [
        {
          ...at,
          message: `"${code.lang}" has no grammar on this site: use one of ${LISTED}, or import its grammar in src/theme/CodeBlock/highlight/prism.ts.`,
        },
      ];
    });
}

/** Images, Markdown or JSX: each says what it shows, for screen readers and for the Markdown copy. */
export function imageAlt(page: Page): Finding[] {
  return [...nodesOf(page.tree)].flatMap((node) => {
    const markdown = node.type === 'image' && !(node as Image).alt?.trim();
    const jsx = isJsx(node) && (node as {name?: string}).name === 'img' && jsxAttribute(node, 'alt') === undefined;
    if (!markdown && !jsx) return [];
    const message = 'this image has no alternative text: say what it shows (![What it shows](…) or alt="…").';
    return [{file: page.file, line: lineOf(node), rule: 'image-alt', message}];
  });
}

/** Heading levels go down one at a time; the page's title is its h1. */
export function headingLevels(page: Page): Finding[] {
  let previous = 1;
  return [...nodesOf(page.tree)]
    .filter((node): node is Heading => node.type === 'heading')
    .flatMap((heading) => {
      const skipped = heading.depth > previous + 1;
      const finding = {
        file: page.file,
        line: lineOf(heading),
        rule: 'heading-increment',
        message: `this h${heading.depth} follows an h${previous}: use an h${previous + 1} (${'#'.repeat(previous + 1)}), one level below the heading before it.`,
      };
      previous = heading.depth;
      return skipped ? [finding] : [];
    });
}

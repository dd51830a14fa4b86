import Highlight from '../../src/theme/CodeBlock/highlight/prism';

// Under tsx the site's module is loaded as CommonJS from this ES module: its default export arrives wrapped once more.
type Prism = typeof Highlight;
const prism: Prism = 'languages' in Highlight ? Highlight : (Highlight as unknown as {default: Prism}).default;

/**
 * The languages the site's code blocks highlight: the grammars src/theme/CodeBlock/highlight/prism.ts loads (their
 * aliases included), and `text` for plain text.
 */
export const HIGHLIGHTED_LANGUAGES: ReadonlySet<string> = new Set([
  'text',
  ...Object.entries(prism.languages)
    .filter(([, grammar]) => typeof grammar === 'object')
    .map(([name]) => name),
]);

/**
 * Prism's core, when it loads in a page, highlights every `code.language-*` element it finds unless a `Prism` object
 * with `manual: true` is already on the window. The code blocks here are React's: Prism must only tokenize.
 * Imported by ./prism.ts before the core.
 */
const host = globalThis as {Prism?: {manual?: boolean}};
host.Prism ??= {manual: true};

/**
 * Stands in for @docusaurus/theme-classic's `prism-include-languages` client module (swapped by
 * plugins/prism-on-demand.ts). That module imports prism-react-renderer and registers the extra languages when
 * main.js starts, so every page (sign-in included) downloaded and evaluated Prism and its ~40 language
 * grammars. Only pages with code blocks need a highlighter: src/theme/CodeBlock/highlight brings Prism with the
 * site's grammars in the code block's own chunk.
 */
export {};

/**
 * Prism with the grammars this site's code blocks use, and nothing else. prism-react-renderer's module carries its
 * own Prism with about thirty grammars and twenty themes in one file: evaluating it was the longest task left when a
 * guide page opens (bench/README.md, "The guide pages' main-thread work"). Prism's components are scripts that
 * extend the global `Prism` the core sets, so the order of these imports is the order of their dependencies.
 * highlight.test.tsx checks that every language a code block of the site names has its grammar here.
 */
import './prism-manual';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-css';
import 'prismjs/components/prism-css-extras';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
// TypeScript before the JavaScript extras, JSX after them: prism-react-renderer's order, so tokens colour as before.
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-js-extras';
import 'prismjs/components/prism-jsx';
import 'prismjs/components/prism-tsx';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-python';

// The grammars are registered; nothing else on the page should find a global Prism.
delete (globalThis as {Prism?: unknown}).Prism;

export default Prism;

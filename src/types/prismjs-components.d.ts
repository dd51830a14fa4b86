// prismjs ships its core and grammars as separate scripts; @types/prismjs types only the package's entry.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
declare module 'prismjs/components/prism-*';

/**
 * An ESLint processor for the guide's MDX pages: it hands ESLint the page's own import statements (and
 * `export … from`) and blanks everything else, so the same `no-restricted-imports` boundary rules that read the
 * portal's TypeScript read the pages too. Lines inside fenced code blocks are examples for the reader, not imports
 * of the page, and are blanked as well; line numbers are kept, so a report points at the page's own line.
 */
const FENCE = /^\s*(```|~~~)/;
const IMPORT_START = /^(import\s|export\s+(\*|\{[^}]*\}?)\s*(from\b|$))/;
// A statement ends on the line that names its module.
const IMPORT_END = /(\bfrom\s*|^import\s*)['"][^'"]+['"]\s*;?\s*$/;

export function mdxImports(text) {
  const out = [];
  let fenced = false;
  let statement = false;
  for (const line of text.split('\n')) {
    if (!statement && FENCE.test(line)) {
      fenced = !fenced;
      out.push('');
      continue;
    }
    if (!fenced && (statement || IMPORT_START.test(line))) {
      out.push(line);
      statement = !IMPORT_END.test(line);
    } else {
      out.push('');
    }
  }
  return out.join('\n');
}

export const mdxImportsProcessor = {
  meta: {name: 'mdx-imports'},
  preprocess: (text) => [{text: mdxImports(text), filename: 'imports.mjs'}],
  postprocess: (messages) => messages.flat(),
  supportsAutofix: false,
};

import {compile} from '@mdx-js/mdx';
import type {Root} from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import type {Finding} from './finding';

/** A guide page as the rules read it: its Markdown tree, and the address Docusaurus serves it at. */
export interface Page {
  /** As reported: `docs/quick-start.mdx`. */
  file: string;
  name: string;
  source: string;
  tree: Root;
  route: string;
}

function frontMatter(tree: Root): Record<string, string> {
  const yaml = tree.children.find((node) => node.type === 'yaml');
  if (!yaml || yaml.type !== 'yaml') return {};
  const fields = yaml.value.split('\n').map((line) => /^(\w+):\s*(.*)$/.exec(line));
  return Object.fromEntries(fields.flatMap((m) => (m ? [[m[1]!, m[2]!.replace(/^['"]|['"]$/g, '')]] : [])));
}

/** Where the docs plugin serves a page (routeBasePath `dashboard`, docusaurus.config.ts). */
function routeOf(name: string, fields: Record<string, string>): string {
  const slug = fields.slug ?? `/${fields.id ?? name.replace(/\.mdx?$/, '')}`;
  return slug === '/' ? '/dashboard' : `/dashboard${slug.startsWith('/') ? slug : `/${slug}`}`;
}

/**
 * Compiles the page with MDX (what the build's mdx-loader does, with the Markdown extensions the guide uses:
 * front matter, GFM tables, `:::` admonitions) and keeps the tree the rules read; a page that does not compile is a
 * finding, and the other rules skip it.
 */
export async function readPage(file: string, source: string): Promise<Page | Finding> {
  let tree: Root | undefined;
  const keep = () => (root: Root) => {
    tree = root;
  };
  try {
    await compile(source, {remarkPlugins: [remarkFrontmatter, remarkGfm, remarkDirective, keep]});
  } catch (error) {
    const e = error as {line?: number; place?: {line?: number; start?: {line?: number}}; reason?: string};
    const line = e.line ?? e.place?.start?.line ?? e.place?.line ?? 1;
    const reason = (e.reason ?? String(error)).replace(/\.$/, '');
    return {file, line, rule: 'mdx-compile', message: `the page does not compile as MDX: ${reason}.`};
  }
  const name = file.split('/').pop()!;
  return {file, name, source, tree: tree!, route: routeOf(name, frontMatter(tree!))};
}

export const isPage = (read: Page | Finding): read is Page => 'tree' in read;

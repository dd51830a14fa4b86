// The SDK guide's pages as the site makes them: every doc of the sidebar, in its order, with its address and title
// from the page's own front matter. A page added to docs/ and sidebars.ts is walked by every guide test by itself.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import sidebars from '../../sidebars';

export interface GuidePage {
  id: string;
  /** The address under /dashboard (the `slug` front matter, else the id). */
  path: string;
  title: string;
  /** Its link's name in the Developer navigation (the sidebar item's label). */
  label: string;
}

const DOCS = path.join(__dirname, '..', '..', 'docs');

function frontMatter(id: string): Record<string, string> {
  const source = readFileSync(path.join(DOCS, `${id}.mdx`), 'utf8');
  const block = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  return Object.fromEntries(
    block.split('\n').flatMap((line) => {
      const match = /^(\w+):\s*(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!.replace(/^['"]|['"]$/g, '')]] : [];
    }),
  );
}

type SidebarItem = {type: string; id?: string; label?: string; items?: SidebarItem[]};

function docItems(items: SidebarItem[]): {id: string; label: string}[] {
  return items.flatMap((item) =>
    item.type === 'doc' && item.id ? [{id: item.id, label: item.label ?? item.id}] : docItems(item.items ?? []),
  );
}

export const GUIDE: GuidePage[] = docItems(sidebars.developer as SidebarItem[]).map(({id, label}) => {
  const meta = frontMatter(id);
  const slug = meta.slug ?? id;
  return {id, path: slug === '/' ? '/dashboard' : `/dashboard/${slug}`, title: meta.title ?? id, label};
});

/** Every page of the SDK guide (the docs under /dashboard), in the sidebar's order. */
export const GUIDE_PAGES = GUIDE.map((page) => page.path);

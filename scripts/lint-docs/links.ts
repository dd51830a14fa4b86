import {createSlugger} from '@docusaurus/utils';
import type {Heading, Link} from 'mdast';
import type {Finding} from './finding';
import type {Page} from './page';
import {isJsx, jsxAttribute, lineOf, nodesOf, textOf} from './tree';

/** The anchors Docusaurus gives a page: its headings' slugs, and the `id`s its JSX elements set. */
export function anchorsOf(page: Page): Set<string> {
  const slugger = createSlugger();
  const anchors = new Set<string>();
  for (const node of nodesOf(page.tree)) {
    if (node.type === 'heading') anchors.add(slugger.slug(textOf(node as Heading)));
    const id = isJsx(node) ? jsxAttribute(node, 'id') : undefined;
    if (id) anchors.add(id);
  }
  return anchors;
}

interface LinkAt {
  href: string;
  line: number;
}

/** Markdown links, and the `to`/`href` of JSX elements (`<LinkCard to="/dashboard/demo">`). */
function linksOf(page: Page): LinkAt[] {
  return [...nodesOf(page.tree)].flatMap((node) => {
    const hrefs =
      node.type === 'link'
        ? [(node as Link).url]
        : isJsx(node)
          ? [jsxAttribute(node, 'to'), jsxAttribute(node, 'href')]
          : [];
    return hrefs.filter((href): href is string => Boolean(href)).map((href) => ({href, line: lineOf(node)}));
  });
}

/** The page a link opens, if it is a guide page's link: `./flows.mdx`, `/dashboard/flows`, `#anchor`. */
function targetOf(href: string, page: Page, pages: Page[]): Page | null | undefined {
  const [path = ''] = href.split('#');
  if (path === '') return page;
  if (/^\.{0,2}\/?[\w-]+\.mdx?$/.test(path)) return pages.find((p) => p.name === path.replace(/^.*\//, '')) ?? null;
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return pages.find((p) => p.route === path) ?? null;
  return undefined;
}

/** Links to a guide page or an anchor that does not exist (the build refuses them too, minutes later). */
export function brokenLinks(pages: Page[]): Finding[] {
  const anchors = new Map(pages.map((p) => [p, anchorsOf(p)]));
  return pages.flatMap((page) =>
    linksOf(page).flatMap(({href, line}) => {
      const target = targetOf(href, page, pages);
      if (target === undefined) return [];
      const at = {file: page.file, line, rule: 'link'};
      if (target === null)
        return [
          {...at, message: `${href} opens no page of the guide: link to a file in docs/ (./flows.mdx) or its address.`},
        ];
      const anchor = href.split('#')[1];
      if (!anchor || anchors.get(target)!.has(decodeURIComponent(anchor))) return [];
      return [{...at, message: `${href}: ${target.file} has no heading whose anchor is #${anchor}.`}];
    }),
  );
}

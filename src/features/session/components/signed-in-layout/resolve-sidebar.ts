import type {PropSidebar, PropSidebarItem, SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The sidebars.ts entry the signed-in area renders (docs pages and the React pages alike). */
export const DEVELOPER_SIDEBAR = 'developer';

type SidebarConfig = SidebarsConfig[string];
type ItemConfig = Extract<SidebarConfig, unknown[]>[number];

/** A doc as the docs plugin publishes it in its global data: id and permalink. */
export interface DocPath {
  id: string;
  path: string;
}

function fail(message: string): never {
  throw new Error(`sidebars.ts (${DEVELOPER_SIDEBAR}): ${message}`);
}

/**
 * Checks the shape of the sidebar without the docs' permalinks: every doc item needs a label, because the
 * React pages that show this sidebar do not know the docs' titles.
 */
export function checkSidebarConfig(config: SidebarConfig | undefined): void {
  resolveSidebar(config, [], {checkOnly: true});
}

function resolveItem(item: ItemConfig, docs: Map<string, string>, checkOnly = false): PropSidebarItem {
  if (typeof item === 'string') {
    fail(`write the doc "${item}" as {type: 'doc', id: '${item}', label: '...'} so every page shows the same label`);
  }
  if (!('type' in item)) fail('category shorthands are not supported; use {type: "category", label, items}');
  switch (item.type) {
    case 'doc':
    case 'ref': {
      if (!item.label) fail(`give the doc "${item.id}" a label`);
      const href = docs.get(item.id) ?? (checkOnly ? '' : fail(`no doc with id "${item.id}" under docs/`));
      return {type: 'link', label: item.label, href, docId: item.id, className: item.className};
    }
    case 'link':
      return {
        type: 'link',
        label: item.label,
        href: item.href,
        autoAddBaseUrl: item.autoAddBaseUrl,
        className: item.className,
      };
    case 'category': {
      const items = Array.isArray(item.items) ? item.items : fail(`category "${item.label}" needs an items list`);
      const link = item.link?.type === 'doc' ? docs.get(item.link.id) : undefined;
      return {
        type: 'category',
        label: item.label,
        items: items.map((child) => resolveItem(child, docs, checkOnly)),
        collapsible: item.collapsible ?? false,
        collapsed: item.collapsed ?? false,
        href: link,
        className: item.className,
      };
    }
    case 'html':
      return {type: 'html', value: item.value, defaultStyle: item.defaultStyle, className: item.className};
    default:
      return fail(`item type "${item.type}" is not supported in the signed-in sidebar`);
  }
}

/**
 * Turns the `developer` sidebar of sidebars.ts into the items the theme's `DocSidebarItems` renders,
 * resolving doc ids to their permalinks. Pure, so it runs the same at build time and in the browser.
 */
export function resolveSidebar(
  config: SidebarConfig | undefined,
  docs: readonly DocPath[],
  {checkOnly = false}: {checkOnly?: boolean} = {},
): PropSidebar {
  if (!Array.isArray(config)) fail('declare the sidebar as a list of items');
  const paths = new Map(docs.map((doc) => [doc.id, doc.path.length > 1 ? doc.path.replace(/\/+$/, '') : doc.path]));
  return config.map((item) => resolveItem(item, paths, checkOnly));
}

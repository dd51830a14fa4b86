/**
 * The script tags of each page's route chunks (added to the built HTML by ./index.ts, after the build).
 *
 * Docusaurus puts the chunks a page needs in its HTML by mapping the modules rendered during SSR through the
 * client manifest. With the Rspack build (future.faster) that mapping comes back empty, so every page lists
 * only runtime~main.js and main.js, and the page's own chunks are requested only once main.js has been
 * downloaded and evaluated: a second round trip before React can hydrate. These functions rebuild the list
 * from the generated route table (routes.js, read by ./routes-module.ts), routesChunkNames.json and
 * client-manifest.json.
 */
import type {RouteEntry} from './routes-module';

export interface ClientManifest {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, {js?: Array<{file: string}>; css?: Array<{file: string}>}>;
}

/** Any nesting of chunk names, as routesChunkNames.json holds them per route key. */
export type ChunkNames = string | {[name: string]: ChunkNames} | ChunkNames[];

function matches(route: RouteEntry, pathname: string): boolean {
  if (route.path === '*') return true;
  if (route.exact || !route.routes) return route.path === pathname;
  return pathname === route.path || pathname.startsWith(route.path === '/' ? '/' : `${route.path}/`);
}

/** The keys of the routes React Router renders for `pathname`, outermost first (first match at each level). */
export function matchRouteKeys(routes: RouteEntry[], pathname: string): string[] {
  const route = routes.find((r) => matches(r, pathname));
  if (!route) return [];
  return [route.key, ...(route.routes ? matchRouteKeys(route.routes, pathname) : [])];
}

function flatten(names: ChunkNames | undefined): string[] {
  if (names === undefined) return [];
  if (typeof names === 'string') return [names];
  return (Array.isArray(names) ? names : Object.values(names)).flatMap(flatten);
}

/** The JavaScript files (relative to the build folder) of the route chunks `pathname` loads, entry files excluded. */
export function routeChunkFiles(
  pathname: string,
  {
    routes,
    chunkNames,
    manifest,
  }: {routes: RouteEntry[]; chunkNames: Record<string, ChunkNames>; manifest: ClientManifest},
): string[] {
  const entryFiles = new Set(
    manifest.entrypoints
      .flatMap((name) => (manifest.origins[name] ?? [name]).flatMap((id) => manifest.assets[id]?.js ?? []))
      .map((a) => a.file),
  );
  const files: string[] = [];
  for (const key of matchRouteKeys(routes, pathname)) {
    for (const name of flatten(chunkNames[key])) {
      for (const id of manifest.origins[name] ?? []) {
        for (const {file} of manifest.assets[id]?.js ?? []) {
          if (!entryFiles.has(file) && !files.includes(file)) files.push(file);
        }
      }
    }
  }
  return files;
}

/** The page's path for an HTML file of the build (`dashboard/quick-start.html`, `index.html`), or null for 404.html. */
export function pathnameOfHtmlFile(file: string): string | null {
  const name = file.split('\\').join('/');
  if (name === '404.html') return null;
  const path = `/${name.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
  return path.length > 1 ? path.replace(/\/+$/, '') : '/';
}

/**
 * Adds a deferred script per file right after main.js's tag: they download alongside main.js and run after it,
 * in order. A chunk file only registers its modules with the webpack runtime, and the runtime reuses a script tag
 * already in the page instead of adding its own. No inline script is added (the CSP lists inline scripts by hash).
 */
export function addScriptTags(html: string, files: readonly string[], baseUrl = '/'): string {
  if (files.length === 0) return html;
  const tags = files.map((file) => `<script src="${baseUrl}${file}" defer></script>`).join('');
  return html.replace(/(<script src="?[^" >]*\/main\.[0-9a-f]+\.js"? defer><\/script>)/, `$1${tags}`);
}

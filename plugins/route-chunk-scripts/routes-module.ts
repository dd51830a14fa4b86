/**
 * Reads Docusaurus's generated route table (.docusaurus/routes.js), a framework internal: the module is written
 * by @docusaurus/core's codegen for the client bundle (React Router's route config), not as a data file, so it is
 * evaluated here with `new Function` and a stand-in ComponentCreator. routes-module.test.ts runs this against the
 * code @docusaurus/core generates, so a Docusaurus upgrade that changes the module's shape fails that test.
 */

/** A route as .docusaurus/routes.js declares it, with `component` replaced by the route's key. */
export interface RouteEntry {
  path: string;
  key: string;
  exact?: boolean;
  routes?: RouteEntry[];
}

/**
 * Evaluates the source of .docusaurus/routes.js with a stand-in ComponentCreator that returns the route key
 * (`${path}-${hash}`, the key of routesChunkNames.json).
 */
export function parseRoutesModule(source: string): RouteEntry[] {
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/export default/, 'return')
    .replace(/component:/g, 'key:');
  const creator = (path: string, hash: string) => `${path}-${hash}`;
  return new Function('ComponentCreator', body)(creator) as RouteEntry[];
}

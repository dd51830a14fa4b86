import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';
import {addScriptTags, pathnameOfHtmlFile, routeChunkFiles} from './route-chunk-files';
import {parseRoutesModule} from './routes-module';

/**
 * Each page's route chunks as deferred scripts in its HTML, so they download alongside main.js instead of after
 * it has run (the Rspack build leaves them out: ./route-chunk-files.ts).
 */
const routeChunkScripts: PluginModule = () => ({
  name: 'intakekit-route-chunk-scripts',
  async postBuild({outDir, generatedFilesDir, baseUrl}) {
    const generated = (file: string) => readFile(path.join(generatedFilesDir, file), 'utf8');
    const routes = parseRoutesModule(await generated('routes.js'));
    const chunkNames = JSON.parse(await generated('routesChunkNames.json'));
    const manifest = JSON.parse(await generated('client-manifest.json'));
    for (const entry of await readdir(outDir, {recursive: true})) {
      const pathname = entry.endsWith('.html') ? pathnameOfHtmlFile(entry) : null;
      if (!pathname) continue;
      const file = path.join(outDir, entry);
      const html = await readFile(file, 'utf8');
      const next = addScriptTags(html, routeChunkFiles(pathname, {routes, chunkNames, manifest}), baseUrl);
      if (next !== html) await writeFile(file, next);
    }
  },
});

export default routeChunkScripts;

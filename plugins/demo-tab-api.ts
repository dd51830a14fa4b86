import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';
import type {SiteEnv} from './site-env';

/** The demo tab's page (static/demo/index.html), which names the API it checks the link's key with in this tag. */
const API_TAG = '<meta name="intakekit-api-url" content="" />';

/** The demo tab's HTML with the build's API address filled in. */
export function withApiUrl(html: string, apiUrl: string): string {
  if (!html.includes(API_TAG)) throw new Error(`static/demo/index.html lost its ${API_TAG}`);
  const escaped = apiUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace(API_TAG, `<meta name="intakekit-api-url" content="${escaped}" />`);
}

/**
 * The demo tab is a static page outside the React app, so it cannot read customFields: the build writes API_URL
 * into it, and its script asks that API for the reader's own keys before it runs the key a link carries.
 */
export function demoTabApi(env: SiteEnv): PluginModule {
  return () => ({
    name: 'intakekit-demo-tab-api',
    async postBuild({outDir}) {
      const file = path.join(outDir, 'demo', 'index.html');
      await writeFile(file, withApiUrl(await readFile(file, 'utf8'), env.apiUrl));
    },
  });
}

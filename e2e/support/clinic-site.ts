// A clinic's own site: its origin is not the portal's, and its pages load the SDK from the portal as a customer's do.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {serveStatic} from '../../scripts/lib/static-server.mjs';
import {SITE_URL} from './ports';

/** A clinic's page that loads the SDK bundle from the portal and runs `script`. */
export const clinicPage = (script: string, {lang = 'en', title = 'Clinic'} = {}): string => `<!doctype html>
<html lang="${lang}">
  <head><meta charset="utf-8" /><title>${title}</title><link rel="stylesheet" href="${SITE_URL}/sdk/v1/intake.css" /></head>
  <body>
    <main><div id="intake"></div></main>
    <script src="${SITE_URL}/sdk/v1/intake.js"></script>
    <script>${script}</script>
  </body>
</html>
`;

/**
 * Serves `pages` (file name to HTML) at 127.0.0.1:`port` (0: any free port) while `use` runs with the site's origin,
 * then stops the server and removes the files, whether `use` passed or failed. `pages` may be made from the origin
 * (a page whose key allows only that origin).
 */
export async function onClinicSite(
  port: number,
  pages: Record<string, string> | ((origin: string) => Promise<Record<string, string>>),
  use: (origin: string) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'intakekit-clinic-'));
  let server: Server | undefined;
  try {
    server = await serveStatic({dir, port, host: '127.0.0.1'});
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const files = typeof pages === 'function' ? await pages(origin) : pages;
    for (const [name, html] of Object.entries(files)) writeFileSync(path.join(dir, name), html);
    await use(origin);
  } finally {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    rmSync(dir, {recursive: true, force: true});
  }
}

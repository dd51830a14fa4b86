import {createHash} from 'node:crypto';
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';
import type {SiteEnv} from './site-env';

/**
 * The portal's Content-Security-Policy is host configuration (static/_headers, copied into the build). Its
 * build-dependent part is added after the build: connect-src with API_URL's origin, frame-src with MARKETING_URL's,
 * and script-src with the sha256 of every inline script Docusaurus emitted (SECURITY.md, "Content Security Policy").
 */

/** The script types a browser runs (HTML's "classic", module and import map); any other type is a data block. */
const RUN_TYPES = /^(|module|importmap|speculationrules|(text|application)\/(x-)?(java|ecma)script|text\/jscript)$/;

/**
 * Whether an inline script with these attributes runs, and so needs a hash: a data block such as the docs' JSON-LD
 * breadcrumbs (`type="application/ld+json"`) is never run and script-src does not apply to it.
 */
function runsInline(attributes: string): boolean {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
  return RUN_TYPES.test(type.trim().toLowerCase());
}

/** The CSP source expression (`'sha256-…'`) of every inline script of a page that the browser runs. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (runsInline(m[1]!)) hashes.push(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
  }
  return hashes;
}

/** The build-dependent directives, for the build's addresses and the inline scripts of all its pages. */
export function buildPolicy(env: SiteEnv, hashes: Iterable<string>): string {
  const origin = (url: string) => new URL(url).origin;
  const sdk = origin(env.sdkCdnUrl) === origin(env.portalUrl) ? '' : ` ${origin(env.sdkCdnUrl)}`;
  return [
    "default-src 'self'",
    `script-src 'self'${sdk} ${[...new Set(hashes)].sort().join(' ')}`.trim(),
    `style-src 'self' 'unsafe-inline'${sdk}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${origin(env.apiUrl)}`,
    `frame-src 'self'${env.marketingUrl ? ` ${origin(env.marketingUrl)}` : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/** A `_headers` file (Netlify / Cloudflare Pages format) with `policy` appended to each Content-Security-Policy line. */
export function appendToContentSecurityPolicies(headersFile: string, policy: string): string {
  return headersFile.replace(
    /^(\s+Content-Security-Policy:\s*)(.+)$/gm,
    (_l, head: string, existing: string) => `${head}${existing}; ${policy}`,
  );
}

/** The Docusaurus plugin: completes build/_headers once every page's HTML is written. */
export function cspHeaders(env: SiteEnv): PluginModule {
  return () => ({
    name: 'intakekit-csp-headers',
    async postBuild({outDir}) {
      const hashes: string[] = [];
      for (const entry of await readdir(outDir, {recursive: true})) {
        if (entry.endsWith('.html'))
          hashes.push(...inlineScriptHashes(await readFile(path.join(outDir, entry), 'utf8')));
      }
      const file = path.join(outDir, '_headers');
      await writeFile(file, appendToContentSecurityPolicies(await readFile(file, 'utf8'), buildPolicy(env, hashes)));
    },
  });
}

import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {readFile, readdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Config, PluginModule} from '@docusaurus/types';
import type * as Docs from '@docusaurus/plugin-content-docs';
import type * as ThemeClassic from '@docusaurus/theme-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import {readSiteEnv} from './src/lib/site-env';
import {addScriptTags, parseRoutesModule, pathnameOfHtmlFile, routeChunkFiles} from './src/lib/route-chunk-scripts';

// Read once at build time: the portal is static, so these addresses are baked in.
const env = readSiteEnv(process.env);

// The API reference page (docs/api-reference.mdx) renders src/generated/openapi.json, generated from the
// server's route schemas before every build or dev start, so a plain `docusaurus build` works on a fresh clone.
const openapiDocument: PluginModule = ({siteDir}) => ({
  name: 'intakekit-openapi-document',
  async loadContent() {
    execFileSync(process.execPath, [path.join(siteDir, 'scripts', 'gen-openapi.mjs')], {
      cwd: siteDir,
      stdio: 'inherit',
    });
  },
});

// The portal's Content-Security-Policy is host configuration (static/_headers, copied into the build). Its build-dependent
// part is added here, after the build: connect-src with API_URL's origin, frame-src with MARKETING_URL's, and script-src
// with the sha256 of every inline script Docusaurus emitted (SECURITY.md, "Content Security Policy").
const cspHeaders: PluginModule = () => ({
  name: 'intakekit-csp-headers',
  async postBuild({outDir}) {
    const hashes = new Set<string>();
    for (const entry of await readdir(outDir, {recursive: true})) {
      if (!entry.endsWith('.html')) continue;
      const html = await readFile(path.join(outDir, entry), 'utf8');
      for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        if (!/\bsrc\s*=/i.test(m[1]!)) hashes.add(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
      }
    }
    const origin = (url: string) => new URL(url).origin;
    const sdk = origin(env.sdkCdnUrl) === origin(env.portalUrl) ? '' : ` ${origin(env.sdkCdnUrl)}`;
    const full = [
      "default-src 'self'",
      `script-src 'self'${sdk} ${[...hashes].sort().join(' ')}`.trim(),
      `style-src 'self' 'unsafe-inline'${sdk}`,
      "img-src 'self' data:",
      "font-src 'self' data:",
      `connect-src 'self' ${origin(env.apiUrl)}`,
      `frame-src 'self'${env.marketingUrl ? ` ${origin(env.marketingUrl)}` : ''}`,
      "worker-src 'self'",
      "manifest-src 'self'",
    ].join('; ');
    const file = path.join(outDir, '_headers');
    const text = await readFile(file, 'utf8');
    await writeFile(
      file,
      text.replace(
        /^(\s+Content-Security-Policy:\s*)(.+)$/gm,
        (_l, head: string, policy: string) => `${head}${policy}; ${full}`,
      ),
    );
  },
});

// Prism and its grammars are needed by code blocks only: keep them out of main.js (src/client/prism-on-demand.ts).
const prismOnDemand: PluginModule = ({siteDir}) => ({
  name: 'intakekit-prism-on-demand',
  configureWebpack(_config, _isServer, {currentBundler}) {
    const {NormalModuleReplacementPlugin} = currentBundler.instance;
    return {
      plugins: [
        new NormalModuleReplacementPlugin(
          /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
          path.join(siteDir, 'src', 'client', 'prism-on-demand.ts'),
        ),
      ],
    };
  },
});

// Each page's route chunks as deferred scripts in its HTML, so they download alongside main.js instead of after
// it has run (the Rspack build leaves them out: src/lib/route-chunk-scripts.ts).
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

const config: Config = {
  title: 'IntakeKit',
  tagline: 'Embeddable healthcare intake flows for your product',
  favicon: 'img/favicon.svg',
  url: env.portalUrl,
  baseUrl: '/',
  trailingSlash: false,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {hooks: {onBrokenMarkdownLinks: 'throw'}},
  i18n: {defaultLocale: 'en', locales: ['en']},
  // Rspack, SWC and Lightning CSS; DOCUSAURUS_FASTER=false builds with plain webpack (the bench compares both).
  future: {v4: true, faster: process.env.DOCUSAURUS_FASTER !== 'false'},
  customFields: {
    apiUrl: env.apiUrl,
    marketingUrl: env.marketingUrl,
    sdkCdnUrl: env.sdkCdnUrl,
  },
  // Starts the session check before hydration (see the module).
  clientModules: ['./src/client/early-session-check.ts'],
  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        path: 'docs',
        routeBasePath: 'dashboard',
        sidebarPath: './sidebars.ts',
      } satisfies Docs.Options,
    ],
    '@docusaurus/plugin-content-pages',
    openapiDocument,
    cspHeaders,
    prismOnDemand,
    routeChunkScripts,
  ],
  themes: [['@docusaurus/theme-classic', {customCss: './src/css/custom.css'} satisfies ThemeClassic.Options]],
  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'IntakeKit',
      logo: {alt: '', src: 'img/logo.svg'},
      items: [],
    },
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['python', 'bash', 'json'],
    },
  },
};

export default config;

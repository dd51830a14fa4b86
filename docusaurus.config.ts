import {execFileSync} from 'node:child_process';
import path from 'node:path';
import type {Config, PluginModule} from '@docusaurus/types';
import type * as Docs from '@docusaurus/plugin-content-docs';
import type * as ThemeClassic from '@docusaurus/theme-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import {readSiteEnv} from './src/lib/site-env';

// Read once at build time: the portal is static, so these addresses are baked in.
const env = readSiteEnv(process.env);

// The API reference page (docs/api-reference.mdx) renders src/generated/openapi.json, generated from the
// server's route schemas before every build or dev start, so a plain `docusaurus build` works on a fresh clone.
const openapiDocument: PluginModule = ({siteDir}) => ({
  name: 'intakekit-openapi-document',
  async loadContent() {
    execFileSync(process.execPath, [path.join(siteDir, 'scripts', 'gen-openapi.mjs')], {cwd: siteDir, stdio: 'inherit'});
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
  ],
  themes: [
    [
      '@docusaurus/theme-classic',
      {customCss: './src/css/custom.css'} satisfies ThemeClassic.Options,
    ],
  ],
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

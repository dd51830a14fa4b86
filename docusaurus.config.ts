import type {Config} from '@docusaurus/types';
import type * as Docs from '@docusaurus/plugin-content-docs';
import type * as ThemeClassic from '@docusaurus/theme-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import {readableTheme} from './src/lib/readable-prism-theme';
import {cspHeaders} from './plugins/csp-headers';
import {demoTabApi} from './plugins/demo-tab-api';
import llmsTxt, {DEV_STATIC_DIR} from './plugins/llms-txt';
import openapiDocument from './plugins/openapi-document';
import prismOnDemand from './plugins/prism-on-demand';
import contractSources from './plugins/contract-sources';
import routeChunkScripts from './plugins/route-chunk-scripts';
import storedSessionHint from './plugins/stored-session-hint';
import {readSiteEnv} from './plugins/site-env';

// Read once at build time: the portal is static, so these addresses are baked in.
const env = readSiteEnv(process.env);

const config: Config = {
  title: 'IntakeKit',
  tagline: 'Embeddable healthcare intake flows for your product',
  favicon: 'img/favicon.svg',
  url: env.portalUrl,
  baseUrl: '/',
  trailingSlash: false,
  // Under `docusaurus start`, the search index and the pages' Markdown copies are served from where the llms-txt
  // plugin writes them (a build writes them beside the HTML instead).
  staticDirectories: process.env.NODE_ENV === 'development' ? ['static', DEV_STATIC_DIR] : ['static'],
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
    sdkPackageUrl: env.sdkPackageUrl,
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
    // The local plugins, one file each in plugins/.
    openapiDocument,
    cspHeaders(env),
    demoTabApi(env),
    llmsTxt(env),
    prismOnDemand,
    contractSources,
    routeChunkScripts,
    storedSessionHint,
  ],
  themes: [['@docusaurus/theme-classic', {customCss: './src/css/custom.css'} satisfies ThemeClassic.Options]],
  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'IntakeKit',
      logo: {alt: '', src: 'img/logo.svg'},
      items: [],
    },
    // Every token colour raised to WCAG AA against the theme's background here, once, so the theme's own code block
    // frame and the code block body both read the readable colours through `usePrismTheme`.
    prism: {
      theme: readableTheme(prismThemes.github),
      darkTheme: readableTheme(prismThemes.dracula),
    },
  },
};

export default config;

import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {THEME_CLASSIC_PRISM_CLIENT_MODULE} from './prism-on-demand';

// The replaced module is a theme-classic internal: these fail when an upgrade renames, moves or extends it, so
// the replacement cannot silently stop matching (Prism back in main.js) or drop something new the module does.
const require = createRequire(import.meta.url);
const themeClassicEntry = require.resolve('@docusaurus/theme-classic');
const themeClassic = require('@docusaurus/theme-classic').default as (
  context: unknown,
  options: {customCss: string[]},
) => {getClientModules(): string[]};

/** theme-classic's client modules as @docusaurus/core resolves them (relative to the plugin's entry folder). */
function themeClassicClientModules(): string[] {
  const context = {
    i18n: {currentLocale: 'en', localeConfigs: {en: {direction: 'ltr'}}},
    siteConfig: {themeConfig: {prism: {additionalLanguages: ['python']}}},
  };
  const plugin = themeClassic(context, {customCss: []});
  return plugin.getClientModules().map((p) => path.resolve(path.dirname(themeClassicEntry), p));
}

describe("theme-classic's Prism client module, replaced by plugins/prism-on-demand.ts", () => {
  it('is still one of the client modules theme-classic adds to main.js, and the pattern matches only it', () => {
    const matching = themeClassicClientModules().filter((file) => THEME_CLASSIC_PRISM_CLIENT_MODULE.test(file));
    expect(matching).toHaveLength(1);
    expect(THEME_CLASSIC_PRISM_CLIENT_MODULE.test(require.resolve(matching[0]!))).toBe(true);
  });

  it("does nothing but register prism.additionalLanguages on prism-react-renderer's Prism, which the site does not use", () => {
    const [file] = themeClassicClientModules().filter((f) => THEME_CLASSIC_PRISM_CLIENT_MODULE.test(f));
    const code = readFileSync(require.resolve(file!), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(code).toEqual([
      "import { Prism } from 'prism-react-renderer';",
      "import prismIncludeLanguages from '@theme/prism-include-languages';",
      'prismIncludeLanguages(Prism);',
    ]);
  });
});

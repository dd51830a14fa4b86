import {existsSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import contractSources, {contractSourcesRule} from './contract-sources';

const siteDir = path.resolve(__dirname, '..');

test('only the contract sources resolve `./x.js` to `./x.ts`, and they do import that way', () => {
  const rule = contractSourcesRule(siteDir);
  const common = path.join(siteDir, 'contract', 'src', 'schemas', 'common.ts');
  expect(existsSync(common)).toBe(true);
  expect(rule.test.test(common)).toBe(true);
  expect(rule.include.some((dir) => common.startsWith(dir))).toBe(true);
  expect(rule.include.some((dir) => path.join(siteDir, 'src', 'lib', 'forms', 'x.ts').startsWith(dir))).toBe(false);
  expect(rule.resolve.extensionAlias['.js']).toEqual(['.ts', '.js']);
  const plugin = contractSources({siteDir} as never, undefined as never) as unknown as {
    configureWebpack: () => {module: {rules: unknown[]}};
  };
  expect(plugin.configureWebpack().module.rules).toEqual([rule]);
});

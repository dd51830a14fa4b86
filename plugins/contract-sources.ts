import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';

/**
 * The portal bundles the contract from its TypeScript sources (the package's `webpack` export condition), and the
 * forms run its TypeBox schemas in the browser (src/lib/forms). Those sources import each other as `./common.js`,
 * the ESM spelling tsc and Node need; the bundler finds the `.ts` file behind each such import. Only inside the
 * contract's sources: every other `.js` request resolves as before.
 */
export const contractSourcesRule = (siteDir: string) => ({
  test: /\.ts$/,
  include: [path.join(siteDir, 'contract', 'src')],
  resolve: {extensionAlias: {'.js': ['.ts', '.js']}},
});

const contractSources: PluginModule = ({siteDir}) => ({
  name: 'intakekit-contract-sources',
  configureWebpack() {
    return {module: {rules: [contractSourcesRule(siteDir)]}};
  },
});

export default contractSources;

import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';

/**
 * Replaces a framework internal: @docusaurus/theme-classic's `prism-include-languages` client module, which
 * imports prism-react-renderer and registers `prism.additionalLanguages` while main.js starts, so every page (sign-in
 * included) downloaded and evaluated Prism and its grammars. It is swapped for an empty module
 * (src/client/prism-on-demand.ts): the code blocks highlight with src/theme/CodeBlock/highlight, which brings its own
 * Prism and grammars in the code block's chunk. prism-on-demand.test.ts checks theme-classic still ships that client
 * module, that this pattern matches it and nothing else, and that the module does nothing but the registration.
 */
export const THEME_CLASSIC_PRISM_CLIENT_MODULE =
  /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

const prismOnDemand: PluginModule = ({siteDir}) => ({
  name: 'intakekit-prism-on-demand',
  configureWebpack(_config, _isServer, {currentBundler}) {
    const {NormalModuleReplacementPlugin} = currentBundler.instance;
    return {
      plugins: [
        new NormalModuleReplacementPlugin(
          THEME_CLASSIC_PRISM_CLIENT_MODULE,
          path.join(siteDir, 'src', 'client', 'prism-on-demand.ts'),
        ),
      ],
    };
  },
});

export default prismOnDemand;

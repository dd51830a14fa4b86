/**
 * What theme-classic's startup client module did (see src/client/prism-on-demand.ts), done when the first code
 * block's chunk loads: register `prism.additionalLanguages` of docusaurus.config.ts on prism-react-renderer's Prism.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

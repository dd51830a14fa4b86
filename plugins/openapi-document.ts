import {execFileSync} from 'node:child_process';
import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';

/**
 * The API reference page (docs/api-reference.mdx) renders src/generated/openapi.json, generated from the
 * server's route schemas before every build or dev start, so a plain `docusaurus build` works on a fresh clone.
 */
const openapiDocument: PluginModule = ({siteDir}) => ({
  name: 'intakekit-openapi-document',
  async loadContent() {
    execFileSync(process.execPath, [path.join(siteDir, 'scripts', 'gen-openapi.mjs')], {
      cwd: siteDir,
      stdio: 'inherit',
    });
  },
});

export default openapiDocument;

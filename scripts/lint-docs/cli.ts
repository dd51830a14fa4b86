// npm run lint:docs: the guide's pages checked without a build (CONTRIBUTING.md, "Writing the guide").
import path from 'node:path';
import {formatFinding} from './finding';
import {lintDocs} from './lint-docs';

const root = path.resolve(import.meta.dirname, '..', '..');
const findings = await lintDocs({root});
for (const finding of findings) console.error(formatFinding(finding));
if (findings.length > 0) {
  console.error(`\nlint:docs: ${findings.length} finding(s).`);
  process.exitCode = 1;
}

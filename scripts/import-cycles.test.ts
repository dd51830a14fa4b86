import {fileURLToPath} from 'node:url';
import {ESLint} from 'eslint';
import {beforeAll, describe, expect, it} from 'vitest';

// eslint.config.mjs's `local/no-import-cycle` (scripts/lint/import-cycles.mjs), shown failing on deliberate cycles.
// The linted text stands in for a file of the tree, whose real neighbours are read from disk: each case below adds
// to a module an import of something that already imports it.
const eslint = new ESLint({cwd: fileURLToPath(new URL('..', import.meta.url))});

async function cycles(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, {filePath});
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'local/no-import-cycle').map((m) => m.message));
}

beforeAll(() => eslint.lintText('export {};\n', {filePath: 'src/lib/warm-up.ts'}), 60_000);

describe('no import cycle', () => {
  it('finds a cycle of two modules (highlighted.tsx imports copy-text.ts)', async () => {
    const found = await cycles('src/theme/CodeBlock/copy-text.ts', "import './highlighted';\nexport const x = 1;\n");
    expect(found).toEqual([
      expect.stringContaining(
        'src/theme/CodeBlock/copy-text.ts -> src/theme/CodeBlock/highlighted.tsx -> src/theme/CodeBlock/copy-text.ts',
      ),
    ]);
  });

  it('finds a longer cycle through @site paths, re-exports and import()', async () => {
    // The guide's index re-exports placeholders.ts, which imports the sandbox key placeholder module.
    const viaIndex = "export {Steps} from '@site/src/components/guide';\n";
    expect(await cycles('src/components/guide/sandbox-key-placeholder.ts', viaIndex)).toHaveLength(1);
    const lazy = "export const load = () => import('@site/src/components/guide');\n";
    expect(await cycles('src/components/guide/sandbox-key-placeholder.ts', lazy)).toHaveLength(1);
  });

  it("finds a cycle in the server's .js specifiers", async () => {
    const found = await cycles('server/src/lib/durations.ts', "import '../app.js';\nexport const SECOND = 1000;\n");
    expect(found.join('\n')).toMatch(
      /server\/src\/lib\/durations\.ts -> server\/src\/app\.ts -> .* -> server\/src\/lib\/durations\.ts/,
    );
  });

  it('a module importing itself is a cycle', async () => {
    expect(await cycles('src/lib/markdown-path.ts', "import './markdown-path';\nexport {};\n")).toHaveLength(1);
  });

  it('type-only imports do not count: they leave nothing in the build', async () => {
    const code = [
      "import type {Props} from './highlighted';",
      "import {type Props as P} from './highlighted';",
      "export type {Props as Q} from './highlighted';",
      'export type R = Props | P;',
    ].join('\n');
    expect(await cycles('src/theme/CodeBlock/copy-text.ts', code)).toEqual([]);
  });

  it('the tree as it is has none in these files', async () => {
    const [file] = await eslint.lintFiles(['src/theme/CodeBlock/highlighted.tsx']);
    expect(file!.messages.filter((m) => m.ruleId === 'local/no-import-cycle')).toEqual([]);
  });
});

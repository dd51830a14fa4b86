import {fileURLToPath} from 'node:url';
import {ESLint} from 'eslint';
import {beforeAll, describe, expect, it} from 'vitest';

// eslint.config.mjs's `max-lines` for product source files, shown failing on a deliberately long file.
const eslint = new ESLint({cwd: fileURLToPath(new URL('..', import.meta.url))});

/** A file of `lines` lines (the newline that ends the last one opens no line of its own). */
const longFile = (lines: number) =>
  Array.from({length: lines}, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

async function maxLines(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, {filePath});
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'max-lines').map((m) => m.message));
}

beforeAll(() => eslint.lintText('export {};\n', {filePath: 'src/lib/warm-up.ts'}), 60_000);

describe('no product file over 250 lines', () => {
  it.each([
    'src/lib/long.ts',
    'src/features/team/components/long.tsx',
    'src/theme/Long/index.tsx',
    'server/src/services/long.ts',
    'contract/src/long.ts',
    'sdk/src/long.ts',
    'plugins/long.ts',
  ])('%s: 251 lines are refused, 250 pass', async (filePath) => {
    expect(await maxLines(filePath, longFile(251))).toEqual([expect.stringMatching(/Maximum allowed is 250/)]);
    expect(await maxLines(filePath, longFile(250))).toEqual([]);
  });

  it('tests may be longer (a table of cases is long by nature)', async () => {
    expect(await maxLines('src/lib/long.test.ts', longFile(400))).toEqual([]);
    expect(await maxLines('server/test/long.test.ts', longFile(400))).toEqual([]);
  });
});

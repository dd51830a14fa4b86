import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {integrationTests} from './lib/test-tiers';

// The `unit` tier stays under a minute: a test file that starts processes, builds the SDK, compiles framework
// snippets or loads the server through tsx belongs to the `integration` tier (vitest.config.ts's list). This test
// finds such a file left in `unit`, shown failing on a deliberate violation below.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'scripts/test-tiers.test.ts';
const UNIT_DIRS = ['src', 'contract/test', 'plugins', 'sdk/test', 'scripts'];

// Quick shell-outs (`bash -c` on a snippet) are fine; starting Node programs, builds and compilers are not.
const SLOW_IMPORTS: [RegExp, string][] = [
  [/['"][^'"]*\/lib\/processes(\.mjs)?['"]/, 'starts child processes (scripts/lib/processes)'],
  [
    /\b(ensureSdkBuild|typeCheck|checkVue)\b[^;]*['"][^'"]*\/lib\/snippet-check['"]/,
    'builds the SDK or type-checks snippets',
  ],
  [/['"][^'"]*gen-openapi(\.mjs)?['"]/, 'loads the server through tsx'],
  [/['"]tsx(\/[^'"]*)?['"]/, 'loads TypeScript through tsx'],
  [/['"]esbuild['"]/, 'bundles with esbuild'],
  [/['"](svelte\/compiler|@vue\/compiler-sfc|typescript)['"]/, 'runs a compiler'],
];
const NODE_PROCESS = /['"](node:)?child_process['"][\s\S]*\bprocess\.execPath\b/;

/** Why a test file is too slow for the unit tier, or nothing when it is not. */
export function slowReasons(source: string): string[] {
  const imports =
    source.match(/^\s*(import|export)\b[^;]*?from\s*['"][^'"]+['"]|import\(\s*['"][^'"]+['"]\s*\)/gm) ?? [];
  const reasons = SLOW_IMPORTS.filter(([pattern]) => imports.some((i) => pattern.test(i))).map(([, why]) => why);
  return NODE_PROCESS.test(source) ? [...reasons, 'starts Node processes'] : reasons;
}

function testFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, {recursive: true, encoding: 'utf8'})
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
    .map((f) => path.join(dir, f));
}

describe('test tiers', () => {
  it('no unit test file starts processes, builds or compiles', () => {
    // This file names the slow imports in its own examples.
    const unit = UNIT_DIRS.flatMap(testFiles).filter((f) => !integrationTests.includes(f) && f !== SELF);
    expect(unit.length).toBeGreaterThan(20);
    const slow = unit.flatMap((f) =>
      slowReasons(readFileSync(path.join(ROOT, f), 'utf8')).map((why) => `${f}: ${why}`),
    );
    expect(slow, 'move these to integrationTests in vitest.config.ts').toEqual([]);
  });

  it('every file of the integration list exists and would be refused by the unit tier', () => {
    for (const f of integrationTests) {
      expect(existsSync(path.join(ROOT, f)), f).toBe(true);
      expect(slowReasons(readFileSync(path.join(ROOT, f), 'utf8')), f).not.toEqual([]);
    }
  });

  it('finds a deliberate violation: a unit test that spawns a process or builds', () => {
    expect(
      slowReasons("import {execFileSync} from 'node:child_process';\nexecFileSync(process.execPath, ['x.mjs']);\n"),
    ).toEqual(['starts Node processes']);
    expect(slowReasons("import {ROOT, ensureSdkBuild} from './lib/snippet-check';\n")).toEqual([
      'builds the SDK or type-checks snippets',
    ]);
    expect(slowReasons("const m = await import('../../../scripts/gen-openapi.mjs');\n")).toEqual([
      'loads the server through tsx',
    ]);
    expect(slowReasons("import {compile} from 'svelte/compiler';\n")).toEqual(['runs a compiler']);
    // A quick shell-out and the snippet reader alone stay in `unit`.
    expect(
      slowReasons(
        "import {execFileSync} from 'node:child_process';\nimport {snippet} from './lib/snippet-check';\nexecFileSync('bash', ['-c', s]);\n",
      ),
    ).toEqual([]);
  });
});

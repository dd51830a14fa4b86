import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {builtinModules, createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';

// Each workspace declares the packages its files import (a package that is only hoisted from another workspace's
// install breaks when that one drops it), and the tree holds one PGlite. Each rule is shown failing on a deliberate
// violation below.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACES = ['contract', 'sdk', 'server'];
// This file's examples name packages on purpose.
const SELF = 'scripts/dependencies.test.ts';
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"./][^'"]*)['"]/gm;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The package a bare specifier names, or nothing for Node's own modules. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/**
 * Imported packages the manifest does not declare. A name with no installed package behind it is an alias (the
 * portal's `@site/…`, Docusaurus's `@theme/…` and `@docusaurus/Link`, type-only `mdast` from `@types/mdast`).
 */
export function undeclaredImports(
  sources: {file: string; text: string}[],
  manifest: Manifest,
  installed: (name: string) => boolean,
): string[] {
  const declared = new Set([manifest.name, ...Object.keys({...manifest.dependencies, ...manifest.devDependencies})]);
  const found = new Map<string, string>();
  for (const {file, text} of sources) {
    for (const match of text.matchAll(SPECIFIER)) {
      const name = packageOf(match[1]!);
      if (name && !declared.has(name) && !found.has(name) && installed(name)) found.set(name, `${name} (${file})`);
    }
  }
  return [...found.values()].sort();
}

function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {cwd: ROOT, encoding: 'utf8'})
    .split('\n')
    .filter((f) => SOURCE.test(f) && f !== SELF && !f.startsWith('bench/.work/') && existsSync(path.join(ROOT, f)));
}

const installed = (name: string) => existsSync(path.join(ROOT, 'node_modules', name, 'package.json'));
const manifest = (dir: string) => JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as Manifest;

describe('dependencies', () => {
  it('each workspace (and the portal at the root) declares what its files import', () => {
    const files = trackedSources();
    const workspaceOf = (f: string) => WORKSPACES.find((w) => f.startsWith(`${w}/`)) ?? '.';
    for (const dir of ['.', ...WORKSPACES]) {
      const sources = files
        .filter((f) => workspaceOf(f) === dir)
        .map((file) => ({file, text: readFileSync(path.join(ROOT, file), 'utf8')}));
      expect(sources.length, dir).toBeGreaterThan(0);
      expect(undeclaredImports(sources, manifest(dir), installed), `${dir}/package.json`).toEqual([]);
    }
  });

  it('finds a deliberate violation: an import of a package the workspace does not declare', () => {
    const sources = [
      {
        file: 'server/src/a.ts',
        text: "import {sql} from 'kysely';\nimport fs from 'node:fs';\nimport x from '@site/src/x';\n",
      },
    ];
    const has = (name: string) => name === 'kysely';
    expect(undeclaredImports(sources, {name: 'x'}, has)).toEqual(['kysely (server/src/a.ts)']);
    expect(undeclaredImports(sources, {name: 'x', dependencies: {kysely: '1'}}, has)).toEqual([]);
  });

  it('one PGlite: the Kysely dialect drives the same PGlite the server imports', () => {
    const fromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
    const fromDialect = createRequire(fromServer.resolve('kysely-pglite-dialect'));
    expect(fromDialect.resolve('@electric-sql/pglite')).toBe(fromServer.resolve('@electric-sql/pglite'));
  });
});

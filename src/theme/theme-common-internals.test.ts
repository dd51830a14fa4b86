import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

// `@docusaurus/theme-common/internal` cannot be imported outside the Docusaurus bundler (it pulls in the
// `@docusaurus/*` client aliases), so this reads what the installed package exports and checks every name
// theme-common-internals.ts re-exports is among them: an upgrade that drops or renames one fails here, by name.
const require = createRequire(import.meta.url);
const internalEntry = require.resolve('@docusaurus/theme-common/internal');

/** The names a module file of theme-common's lib exports, following `export * from` into its siblings. */
function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list!.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  for (const [, from] of source.matchAll(/export\s*\*\s*from\s*'([^']+)'/g)) {
    const target = path.resolve(path.dirname(file), from!);
    const resolved = [`${target}.js`, path.join(target, 'index.js')].find((f) => {
      try {
        return readFileSync(f) !== undefined;
      } catch {
        return false;
      }
    });
    if (resolved) exportedNames(resolved, seen).forEach((n) => names.add(n));
  }
  return names;
}

function reexportedNames(): string[] {
  const source = readFileSync(new URL('./theme-common-internals.ts', import.meta.url), 'utf8');
  const [, list] = /export\s*\{([^}]*)\}\s*from\s*'@docusaurus\/theme-common\/internal'/.exec(source) ?? [];
  return (list ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

describe('the theme-common internals the swizzled components use', () => {
  it('are the two this portal needs', () => {
    expect(reexportedNames()).toEqual(['useCodeBlockContext', 'useNavbarMobileSidebar']);
  });

  it('are all still exported by the installed @docusaurus/theme-common/internal', () => {
    const available = exportedNames(internalEntry);
    expect(available.size).toBeGreaterThan(20);
    expect(reexportedNames().filter((name) => !available.has(name))).toEqual([]);
  });
});

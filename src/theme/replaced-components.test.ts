import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

// The framework components src/theme replaces instead of wrapping (Docusaurus does not mark them safe to eject; the
// list and the reason for each: ARCHITECTURE.md, "Framework touch points"). Each is pinned to the original it was last
// compared with (its code, its props' types, its styles): an upgrade that changes one fails here by name, so the
// replacement is read against the new original before the upgrade lands. Compared and adapted: record the new hash.
const require = createRequire(import.meta.url);
const THEME_CLASSIC = path.join(path.dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib/theme');
const CORE_FALLBACK = path.join(
  path.dirname(require.resolve('@docusaurus/core/package.json')),
  'lib/client/theme-fallback',
);

const REPLACED: Record<string, {from: string; sha256: string}> = {
  Error: {from: CORE_FALLBACK, sha256: 'cccace9c73df1087'},
  ErrorPageContent: {from: THEME_CLASSIC, sha256: '378a9e319d5fa79d'},
  'NotFound/Content': {from: THEME_CLASSIC, sha256: '9d86c27e174b334f'},
  PaginatorNavLink: {from: THEME_CLASSIC, sha256: 'b36b909e3a072222'},
  'DocSidebarItem/Link': {from: THEME_CLASSIC, sha256: '8b3382f99c081ef5'},
  'DocRoot/Layout': {from: THEME_CLASSIC, sha256: 'ae34c23a5d173fe1'},
  'CodeBlock/Layout': {from: THEME_CLASSIC, sha256: 'f14d73437c60cfaa'},
  'CodeBlock/Content': {from: THEME_CLASSIC, sha256: '17662567ff22323f'},
  'CodeBlock/Buttons': {from: THEME_CLASSIC, sha256: 'eb3c2a7d31839d25'},
  'CodeBlock/Buttons/CopyButton': {from: THEME_CLASSIC, sha256: 'b48ce31e2a1d4599'},
};

/** The original's own files (not its sub-components'): code, declarations, styles. */
function originalFiles(root: string, name: string): string[] {
  const dir = path.join(root, name);
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    return readdirSync(dir)
      .filter((file) => /\.(js|d\.ts|css)$/.test(file))
      .sort()
      .map((file) => path.join(dir, file));
  }
  return [`${dir}.js`, `${dir}.d.ts`].filter((file) => existsSync(file));
}

function originalHash(root: string, name: string): string {
  const hash = createHash('sha256');
  for (const file of originalFiles(root, name)) hash.update(`${path.basename(file)}\n`).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

describe('the framework components src/theme replaces', () => {
  it.each(Object.keys(REPLACED))('%s: the original is still the one the replacement was compared with', (name) => {
    const {from, sha256} = REPLACED[name]!;
    expect(originalFiles(from, name).length, `${name} is gone from the framework`).toBeGreaterThan(0);
    expect(originalHash(from, name), `${name} changed upstream: compare it with src/theme/${name}`).toBe(sha256);
  });

  it('are the only components src/theme replaces without @theme-original', () => {
    const theme = path.resolve(import.meta.dirname);
    const replaced = readdirSync(theme, {recursive: true})
      .map(String)
      .filter((file) => /(^|\/)(index\.tsx|[A-Z]\w*\.tsx)$/.test(file))
      .filter((file) => !readFileSync(path.join(theme, file), 'utf8').includes('@theme-original/'))
      .map((file) => file.replace(/(\/index)?\.tsx$/, ''))
      .filter((name) => name !== 'Root' && name !== 'CodeBlock')
      .sort();
    expect(replaced).toEqual(Object.keys(REPLACED).sort());
  });
});

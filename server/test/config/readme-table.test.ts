// The README's configuration table and the API's schema (server/src/config/schema.ts) list the same
// variables with the same defaults; a variable read only by the portal build or `npm start` must be read
// there. A deliberate violation of each kind is checked, so the comparison cannot silently stop matching.
import fs from 'node:fs';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ENV_SCHEMA} from '../../src/config/schema.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string): string => fs.readFileSync(`${repoRoot}${file}`, 'utf8');

/** Where the variables the API does not read are read: the portal build and `npm start`. */
const OTHER_READERS = ['plugins/site-env.ts', 'scripts/lib/stack-env.mjs'];

type Table = Map<string, string>;
type Schema = Record<string, {default?: unknown}>;

/** The configuration section's rows: variable name to its default cell. */
function configurationTable(readme: string): Table {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const table: Table = new Map();
  for (const [, name, cell] of section.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|([^|]*)\|/gm)) {
    table.set(name!, cell!.trim());
  }
  return table;
}

/** The code span a default cell starts with, `$NAME` replaced by that row's own default. */
function documentedDefault(cell: string, table: Table): string | undefined {
  const value = /^`([^`]*)`/.exec(cell)?.[1];
  return value?.replace(/\$([A-Z0-9_]+)/g, (whole, name: string) => {
    const other = table.get(name);
    return other === undefined ? whole : (documentedDefault(other, table) ?? whole);
  });
}

/** Every disagreement between the table and the schema, in words. */
function mismatches(table: Table, schema: Schema, otherReaders: string): string[] {
  const found: string[] = [];
  for (const [name, property] of Object.entries(schema)) {
    const cell = table.get(name);
    if (cell === undefined) {
      found.push(`${name} is in the schema but not in the README`);
      continue;
    }
    const documented = documentedDefault(cell, table);
    if (property.default === undefined) {
      // Unset means something ("unset: PGlite under …", "generated into …"): said in words, not as a value.
      if (documented !== undefined)
        found.push(`${name} has no default in the schema but \`${documented}\` in the README`);
    } else if (documented !== String(property.default)) {
      found.push(`${name} defaults to ${String(property.default)} in the schema but ${cell} in the README`);
    }
  }
  for (const name of table.keys()) {
    if (name in schema) continue;
    if (!new RegExp(`\\b${name}\\b`).test(otherReaders)) {
      found.push(`${name} is in the README but neither in the schema nor read by the portal build or npm start`);
    }
  }
  return found;
}

const readme = read('README.md');
const schema = ENV_SCHEMA.properties as Schema;
const otherReaders = OTHER_READERS.map(read).join('\n');

describe("the README's configuration table", () => {
  it('lists every variable of the schema with its default, and only variables something reads', () => {
    const table = configurationTable(readme);
    expect(table.size).toBeGreaterThan(40);
    expect(mismatches(table, schema, otherReaders)).toEqual([]);
  });

  it('fails on a missing row, a wrong default, a value where the schema has none, and an unread variable', () => {
    const table = configurationTable(readme);
    const broken = new Map(table);
    broken.delete('PORT');
    broken.set('SDK_RATE_LIMIT', '`100`');
    broken.set('DATABASE_URL', '`postgres://localhost/intakekit`');
    broken.set('NOT_READ_ANYWHERE', '`1`');
    expect(mismatches(broken, schema, otherReaders)).toEqual([
      'PORT is in the schema but not in the README',
      'DATABASE_URL has no default in the schema but `postgres://localhost/intakekit` in the README',
      'SDK_RATE_LIMIT defaults to 120 in the schema but `100` in the README',
      'NOT_READ_ANYWHERE is in the README but neither in the schema nor read by the portal build or npm start',
    ]);
    // A variable that the schema gains and the README does not list is caught the same way.
    expect(mismatches(table, {...schema, NEW_LIMIT: {default: 5}}, otherReaders)).toEqual([
      'NEW_LIMIT is in the schema but not in the README',
    ]);
  });

  it('reads a default that refers to another row through that row', () => {
    const table: Table = new Map([
      ['SITE_PORT', '`3000`'],
      ['PORTAL_URL', '`http://localhost:$SITE_PORT`'],
    ]);
    expect(documentedDefault(table.get('PORTAL_URL')!, table)).toBe('http://localhost:3000');
  });
});

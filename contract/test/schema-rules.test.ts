/**
 * The API reference shows each field's rules in words, never a regular expression: every schema of the routes that
 * carries a `pattern` must say the same rule as its `description`.
 */
import {describe, expect, it} from 'vitest';
import * as activity from '../src/schemas/activity.js';
import * as auth from '../src/schemas/auth.js';
import * as common from '../src/schemas/common.js';
import * as invitations from '../src/schemas/invitations.js';
import * as keys from '../src/schemas/keys.js';
import * as passkeys from '../src/schemas/passkeys.js';
import * as sdk from '../src/schemas/sdk.js';
import * as team from '../src/schemas/team.js';

const MODULES = {activity, auth, common, invitations, keys, passkeys, sdk, team};

/** Where, in the exported schemas, a `pattern` has no description. */
function undescribedPatterns(value: unknown, where: string, seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const node = value as Record<string, unknown>;
  const own = typeof node.pattern === 'string' && typeof node.description !== 'string' ? [where] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, child]) => undescribedPatterns(child, `${where}.${key}`, seen)),
  ];
}

describe('the route schemas', () => {
  it('give every field with a pattern its rule in words', () => {
    const patterned: string[] = [];
    const missing = Object.entries(MODULES).flatMap(([name, module]) =>
      Object.entries(module).flatMap(([exported, schema]) => {
        if ((JSON.stringify(schema ?? null) ?? '').includes('"pattern"')) patterned.push(`${name}.${exported}`);
        return undescribedPatterns(schema, `${name}.${exported}`);
      }),
    );
    // The walk reaches the patterned schemas (the email, names, key names, flow ids, passkey ids, cursors).
    expect(patterned.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});

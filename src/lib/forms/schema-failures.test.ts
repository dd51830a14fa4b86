import {typeboxResolver} from '@hookform/resolvers/typebox';
import type {FieldValues} from 'react-hook-form';
import type {TObject} from 'typebox';
import {describe, expect, it} from 'vitest';
import * as auth from '@intakekit/contract/schemas/auth';
import * as keys from '@intakekit/contract/schemas/keys';
import * as passkeys from '@intakekit/contract/schemas/passkeys';
import * as team from '@intakekit/contract/schemas/team';
import {schemaFailures} from './schema-failures';

// Every request body the contract defines, as the forms check them.
const BODIES = (Object.entries({...auth, ...keys, ...passkeys, ...team}) as [string, unknown][]).filter(
  (entry): entry is [string, TObject] =>
    entry[0].endsWith('Body') && typeof entry[1] === 'object' && (entry[1] as TObject).type === 'object',
);

const SAMPLES: unknown[] = [
  '',
  ' ',
  'a',
  'x'.repeat(600),
  'ann@clinic.test',
  'not-an-address',
  'Ann Lee',
  'Verify at https://evil.test/x',
  'Ada\u202Eevil',
  '123456',
  'ABCD-EFGH-1234',
  'Str0ng-Passw0rd!',
  '2026-12-01T00:00:00.000Z',
  0,
  601,
  -1,
  null,
  true,
  [],
  ['https://clinic.test'],
  ['not an origin', 5],
  {},
];

/** What the library's resolver reports, as keyword sets by path, to compare with schemaFailures. */
async function libraryFailures(schema: TObject, body: unknown): Promise<Record<string, string[]>> {
  const {errors} = await typeboxResolver(schema)(body as FieldValues, undefined, {
    fields: {},
    criteriaMode: 'all',
    shouldUseNativeValidation: false,
  });
  const flat: Record<string, string[]> = {};
  const walk = (node: Record<string, unknown>, at: string[]) => {
    if (typeof node.type === 'string') flat[at.join('.')] = Object.keys(node.types as object).sort();
    else for (const [key, child] of Object.entries(node)) walk(child as Record<string, unknown>, [...at, key]);
  };
  walk(errors as Record<string, unknown>, []);
  return flat;
}

const sorted = (failures: Record<string, Set<string>>) =>
  Object.fromEntries(Object.entries(failures).map(([at, keywords]) => [at, [...keywords].sort()]));

describe("schemaFailures reports what @hookform/resolvers/typebox reported (the forms' checks read these)", () => {
  it('covers the contract request bodies', () => expect(BODIES.length).toBeGreaterThan(15));

  it.each(BODIES)('%s', async (_name, schema) => {
    const properties = Object.keys(schema.properties);
    const bodies: unknown[] = [
      {},
      {unknown: 'x'},
      ...SAMPLES.map((sample) => Object.fromEntries(properties.map((p) => [p, sample]))),
    ];
    for (const property of properties) for (const sample of SAMPLES) bodies.push({[property]: sample});
    for (const body of bodies) {
      expect(sorted(schemaFailures(schema, body)), JSON.stringify(body)).toEqual(await libraryFailures(schema, body));
    }
  });
});

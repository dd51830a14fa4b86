import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {ERROR_CODES} from '../src/errors';

const page = readFileSync(new URL('../../docs/errors.mdx', import.meta.url), 'utf8');
/** The codes of the Errors page's table: the first cell of each row. */
const documented = [...page.matchAll(/^\| `([A-Z_]+)` +\|/gm)].map((match) => match[1]);

describe("the guide's Errors page", () => {
  it('has one row for each error code the SDK reports, and no other', () => {
    expect([...documented].sort()).toEqual([...ERROR_CODES].sort());
  });
});

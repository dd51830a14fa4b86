// Kysely dialect for PGlite. kysely-pglite-dialect's types are pinned to PGlite 0.4 while the
// server runs 0.5, so we hand it our instance through its structural interface.
import type {PGlite} from '@electric-sql/pglite';
import {PGliteDialect} from 'kysely-pglite-dialect';

export function pgliteDialect(pglite: PGlite): PGliteDialect {
  return new PGliteDialect(pglite as unknown as ConstructorParameters<typeof PGliteDialect>[0]);
}

// Kysely dialect for PGlite. kysely-pglite-dialect declares PGlite 0.2-0.4 as its peer; the root package.json's
// override gives it the server's 0.5 instead (it only calls query() and close(), unchanged in 0.5), so the tree
// holds one PGlite (scripts/dependencies.test.ts).
import type {PGlite} from '@electric-sql/pglite';
import {PGliteDialect} from 'kysely-pglite-dialect';

export function pgliteDialect(pglite: PGlite): PGliteDialect {
  return new PGliteDialect(pglite);
}

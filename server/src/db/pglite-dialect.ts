// Kysely dialect for PGlite. kysely-pglite-dialect declares PGlite 0.2-0.4 as its peer; the root package.json's
// override gives it the server's 0.5 instead (it only calls query() and close(), unchanged in 0.5), so the tree
// holds one PGlite (scripts/dependencies.test.ts).
import type {PGlite} from '@electric-sql/pglite';
import type {Driver} from 'kysely';
import {PGliteDialect} from 'kysely-pglite-dialect';

/** The dialect; `onClose` runs after the driver closed PGlite (Kysely's destroy()), once. */
export function pgliteDialect(pglite: PGlite, onClose?: () => void): PGliteDialect {
  if (!onClose) return new PGliteDialect(pglite);
  return new (class extends PGliteDialect {
    override createDriver(): Driver {
      const driver = super.createDriver();
      const destroy = driver.destroy.bind(driver);
      driver.destroy = async () => {
        try {
          await destroy();
        } finally {
          onClose();
        }
      };
      return driver;
    }
  })(pglite);
}

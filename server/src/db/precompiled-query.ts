// A query compiled once per database and then sent with new parameter values. Building the session
// lookup with the query builder on every signed-in request cost more of the API's CPU than sending it
// (measured with --cpu-prof), so repositories/sessions-repository.ts compiles it once.
//
// This leans on what Kysely's CompiledQuery is: the SQL text with numbered placeholders plus the
// values in `parameters`, in order, and nothing else that depends on the values. Kysely's query
// plugins (none used here) may keep per-query state under queryId, which every execution shares.
// test/db/framework-internals.test.ts fails if a Kysely upgrade changes any of this.
import type {CompiledQuery, Compilable, Kysely} from 'kysely';

/**
 * Returns a function giving `build`'s query for `db` with `parameters` in place of the values it was
 * built with. `build` must use placeholder values for exactly the parameters that change.
 */
export function precompiledQuery<DB, Row>(
  build: (db: Kysely<DB>) => Compilable<Row>,
): (db: Kysely<DB>, parameters: readonly unknown[]) => CompiledQuery<Row> {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return (db, parameters) => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db).compile()));
    if (parameters.length !== query.parameters.length) {
      throw new Error(`precompiledQuery: ${parameters.length} values for ${query.parameters.length} parameters`);
    }
    return {...query, parameters};
  };
}

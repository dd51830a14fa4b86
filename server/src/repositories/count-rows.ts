// How many rows a query matches, for every count the repositories answer.
import type {SelectQueryBuilder} from 'kysely';
import type {Database} from '../db/schema.js';

/** PostgreSQL's count(*) is a bigint, which the drivers read as a string: the number it names. */
export async function countRows<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>) {
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

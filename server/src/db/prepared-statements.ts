// Makes every query Kysely sends to PostgreSQL a named prepared statement, parsed and planned once
// per connection and then only bound and executed. Measured with pgbench on this machine: the
// session lookup (sessions ⋈ users ⟕ team_members ⟕ teams by token hash) runs at 6,200/s when
// planned on every call and 51,000/s prepared; planning, not execution, was most of the cost of
// every signed-in request.
//
// Kysely has no hook for statement names, so the pool's clients get a query() that names what it
// sends. A statement's name is derived from its text, so the same text is the same statement on
// every connection.
import {createHash} from 'node:crypto';
import type pg from 'pg';

/**
 * Only plannable statements: DDL and transaction control gain nothing and must never be cached. A
 * script of several statements (a migration file, db/sql-scripts.ts) cannot be prepared at all.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const isPreparable = (text: string): boolean => PREPARABLE.test(text) && !text.includes(';');

/**
 * Distinct statement texts that get a name. The application has a few dozen shapes; past the cap
 * (an unexpected source of ever-new texts) statements run unnamed, so neither this process nor
 * the server's per-connection cache grows without bound.
 */
export const MAX_NAMED_STATEMENTS = 500;

type Query = (...args: unknown[]) => unknown;

export function usePreparedStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= MAX_NAMED_STATEMENTS || !isPreparable(text)) return known;
    const name = `ik_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (config, values, ...rest) => {
      const name = typeof config === 'string' && Array.isArray(values) ? nameOf(config) : undefined;
      return name ? query({name, text: config, values}, ...rest) : query(config, values, ...rest);
    };
    (client as unknown as {query: Query}).query = named;
  });
}

// SQL for failed sign-ins per address and the locks they cause.
import type { Db } from '../db/connect.js';

export async function lockedUntil(db: Db, email: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_locks')
    .select('locked_until')
    .where('email', '=', email)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until;
}

/** Records a failure and returns how many failures the address has within the window. */
export async function recordFailure(db: Db, email: string, now: Date, windowStart: Date): Promise<number> {
  await db.insertInto('login_failures').values({ email, failed_at: now }).execute();
  // Old rows are useless: drop them while we are here.
  await db.deleteFrom('login_failures').where('email', '=', email).where('failed_at', '<=', windowStart).execute();
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function lock(db: Db, email: string, until: Date): Promise<void> {
  await db
    .insertInto('login_locks')
    .values({ email, locked_until: until })
    .onConflict((oc) => oc.column('email').doUpdateSet({ locked_until: until }))
    .execute();
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

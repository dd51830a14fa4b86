// The smallest statement that proves the database answers.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';

export async function selectOne(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

// Liveness of the database, for GET /api/health and the benchmark's floor: one round trip, no table.
import type {Db} from '../db/connect.js';
import {selectOne} from '../repositories/health-repository.js';

/** Resolves when the database answers a query; rejects with the driver's error otherwise. */
export async function pingDatabase(db: Db): Promise<void> {
  await selectOne(db);
}

// Sessions each team flow served, per UTC day (migration 026): written in batches by services/flow-sessions.ts,
// read by the Flows page's list.
import {sql} from 'kysely';
import type {Db} from '../db/connect.js';

/** The days counted: today (UTC) and the six before it. */
export const SESSION_DAYS_COUNTED = 7;
/** Rows older than this many days are removed as batches are written: nothing reads them. */
const DAYS_KEPT = SESSION_DAYS_COUNTED + 1;

function utcDay(at: Date, daysBefore = 0): string {
  return new Date(at.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Sessions in the last 7 UTC days (today included) for each flow, by the flows' row ids (flows.id, not the public
 * flowId); a flow with none is absent from the map.
 */
export async function sessionsLast7Days(
  db: Db,
  flowIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  if (flowIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('flow_session_days')
    .select(['flow', (eb) => eb.fn.sum<string | number>('sessions').as('sessions')])
    .where('flow', 'in', [...flowIds])
    .where('day', '>=', utcDay(now, SESSION_DAYS_COUNTED - 1))
    .groupBy('flow')
    .execute();
  return new Map(rows.map((row) => [row.flow, Number(row.sessions)]));
}

export interface FlowSessionCount {
  /** flows.id */
  flow: string;
  /** 'YYYY-MM-DD' (UTC) */
  day: string;
  count: number;
}

/**
 * Adds a batch's counts in one statement (the batch's columns as arrays), skipping flows deleted since, and drops
 * the touched flows' days no longer counted.
 */
export async function addFlowSessions(db: Db, counts: readonly FlowSessionCount[], now: Date): Promise<void> {
  if (counts.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO flow_session_days (flow, day, sessions)
      SELECT c.flow, c.day, c.sessions
        FROM unnest(${counts.map((c) => c.flow)}::uuid[], ${counts.map((c) => c.day)}::date[],
                    ${counts.map((c) => c.count)}::integer[]) AS c (flow, day, sessions)
        JOIN flows f ON f.id = c.flow
      ON CONFLICT (flow, day) DO UPDATE SET sessions = flow_session_days.sessions + excluded.sessions
    `.execute(trx);
    await sql`
      DELETE FROM flow_session_days
       WHERE flow = ANY(${[...new Set(counts.map((c) => c.flow))]}::uuid[]) AND day < ${utcDay(now, DAYS_KEPT)}::date
    `.execute(trx);
  });
}

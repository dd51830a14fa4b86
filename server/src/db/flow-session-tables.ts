// Kysely's view of migrations/026_flow_sessions.sql.
import type {Generated} from 'kysely';

export interface FlowSessionDaysTable {
  flow: string;
  /** A UTC day, 'YYYY-MM-DD'. */
  day: string;
  sessions: Generated<number>;
}

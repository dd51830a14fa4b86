// Kysely's view of migrations/016_production_access.sql.
import type {Generated} from 'kysely';
import type {MonthlyIntakeVolume} from '@intakekit/contract/production-access';
import type {Timestamp} from './column-types.js';

/** 'withdrawn': the operator took the access back after granting it. */
export type ProductionRequestStatus = 'pending' | 'granted' | 'withdrawn';

export interface ProductionAccessRequestsTable {
  id: Generated<string>;
  team_id: string;
  requested_by: string | null;
  plans: string;
  monthly_intakes: MonthlyIntakeVolume;
  status: Generated<ProductionRequestStatus>;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

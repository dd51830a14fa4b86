// Kysely's view of migrations/025_flows.sql.
import type {Generated} from 'kysely';
import type {Questionnaire} from '@medplum/fhirtypes';
import type {Timestamp} from './column-types.js';

export interface FlowsTable {
  id: Generated<string>;
  team_id: string | null;
  user_id: string | null;
  /** The id `init({flowId})` names: unique within the owner, never a built-in flow's. */
  flow_id: string;
  draft: Questionnaire;
  draft_updated_at: Timestamp;
  draft_updated_by: string | null;
  archived_at: Timestamp | null;
  created_at: Timestamp;
}

export interface FlowVersionsTable {
  flow: string;
  number: number;
  document: Questionnaire;
  published_at: Timestamp;
  published_by: string | null;
  note: string;
}

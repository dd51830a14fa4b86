// Kysely's view of migrations/017_submissions.sql.
import type {KeyType} from '@intakekit/contract/api-keys';
import type {Environment} from '@intakekit/contract/flows';
import type {Timestamp} from './column-types.js';

export interface SubmissionsTable {
  id: string;
  team_id: string | null;
  user_id: string | null;
  key_id: string;
  key_type: KeyType;
  env: Environment;
  flow_id: string;
  flow_version: string;
  session_id: string;
  origin: string | null;
  /** Bytes of the QuestionnaireResponse's JSON, before sealing. */
  size: number;
  /** The QuestionnaireResponse's JSON, sealed (lib/secret-box.ts) with the row's id as its context. */
  answers_ciphertext: string;
  created_at: Timestamp;
}

export interface SubmissionRetentionTable {
  team_id: string | null;
  user_id: string | null;
  key_type: KeyType;
  days: number;
  updated_at: Timestamp;
}

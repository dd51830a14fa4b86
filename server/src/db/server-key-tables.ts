// Kysely's view of migrations/021_server_keys.sql.
import type {Generated} from 'kysely';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {Timestamp} from './column-types.js';

export interface ServerKeysTable {
  id: Generated<string>;
  team_id: string | null;
  user_id: string | null;
  /** The environment whose submissions the key reads. */
  key_type: KeyType;
  key_hash: string;
  key_masked: string;
  name: string;
  status: 'active' | 'revoked';
  created_by: string | null;
  rotated_from: string | null;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

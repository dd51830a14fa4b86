// Kysely's view of the API key tables (migrations/*.sql): the keys, and the usage written in batches.
import type {Generated} from 'kysely';
import type {KeyStatus, KeyType} from '@intakekit/contract/api-keys';
import type {Timestamp} from './column-types.js';

export type {KeyStatus, KeyType};
/** What the status column holds; 'expired' is computed from expires_at, never stored. */
export type StoredKeyStatus = Exclude<KeyStatus, 'expired'>;

export interface ApiKeysTable {
  id: Generated<string>;
  team_id: string | null;
  user_id: string | null;
  key_type: KeyType;
  key_hash: string;
  /** Sandbox keys only (sealed with SECRET_KEY); production keys keep just their hash and key_masked. */
  key_ciphertext: string | null;
  /** Null only for keys made before migration 006, until the API's start fills it in. */
  key_masked: string | null;
  name: string;
  /** 'revoked' with revoked_at in the future: rotated with a grace period, still working until then. */
  status: StoredKeyStatus;
  created_by: string | null;
  rotated_from: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  allowed_origins: Generated<string[]>;
  expires_at: Timestamp | null;
  /** Null: SDK_KEY_RATE_LIMIT. */
  rate_limit_per_minute: number | null;
  expiry_reminders_sent: Generated<number>;
}

export interface ApiKeyUsageDaysTable {
  key_id: string;
  /** A UTC day, 'YYYY-MM-DD'. */
  day: string;
  sessions: Generated<number>;
}

export interface ApiKeyOriginsSeenTable {
  key_id: string;
  /** '' for requests without an Origin header. */
  origin: string;
  last_seen_at: Timestamp;
  requests: Generated<number>;
}

export interface ApiKeyRequestsTable {
  id: Generated<string>;
  key_id: string;
  at: Timestamp;
  origin: string | null;
  outcome: string;
  status: number;
  latency_ms: number;
}

// Kysely's view of the sign-in method tables: two-factor secrets and recovery codes, account recovery, sign-in
// challenges and passkeys (migrations/*.sql).
import type {ColumnType, Generated} from 'kysely';
import type {Timestamp} from './column-types.js';

export interface TwoFactorSecretsTable {
  user_id: string;
  secret_ciphertext: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  last_used_step: number | null;
}

export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface AccountRecoveriesTable {
  user_id: string;
  password_hash: string;
  cancel_token_hash: string;
  started_at: Timestamp;
  ends_at: Timestamp;
}

export interface SignInChallengesTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
}

export interface PasskeysTable {
  id: Generated<string>;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  /** bigint in SQL; counters stay far below 2^53. */
  sign_count: ColumnType<string | number, number, number>;
  transports: ColumnType<string[], string[], string[]>;
  name: string;
  backed_up: boolean;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type PasskeyChallengePurpose = 'register' | 'sign-in' | 'second-factor';

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: PasskeyChallengePurpose;
  user_id: string | null;
  expires_at: Timestamp;
}

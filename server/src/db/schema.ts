// Kysely's view of the tables created by migrations/*.sql. Keep in step with the SQL.
import type {ColumnType, Generated} from 'kysely';
import type {
  ApiKeyOriginsSeenTable,
  ApiKeyRequestsTable,
  ApiKeysTable,
  ApiKeyUsageDaysTable,
} from './api-key-tables.js';
import type {Timestamp} from './column-types.js';
import type {
  AccountRecoveriesTable,
  PasskeyChallengesTable,
  PasskeysTable,
  SignInChallengesTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorSecretsTable,
} from './sign-in-tables.js';
import type {FlowVersionsTable, FlowsTable} from './flow-tables.js';
import type {FlowSessionDaysTable} from './flow-session-tables.js';
import type {ProductionAccessRequestsTable} from './production-access-tables.js';
import type {SubmissionRetentionTable, SubmissionsTable} from './submission-tables.js';
import type {ServerKeysTable} from './server-key-tables.js';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './webhook-tables.js';

export type {KeyStatus, KeyType, StoredKeyStatus} from './api-key-tables.js';
export type {PasskeyChallengePurpose} from './sign-in-tables.js';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string | null;
  password_hash: string;
  email_verified: Generated<boolean>;
  two_factor_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** bigint in SQL (see keys_version on teams). */
  keys_version: ColumnType<string | number, never, never>;
}

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  production_ready: Generated<boolean>;
  require_two_factor: Generated<boolean>;
  /** bigint in SQL, moved by a trigger whenever one of the team's keys is added or changed (migration 013). */
  keys_version: ColumnType<string | number, never, never>;
  /** bigint in SQL, moved by triggers whenever what the team's page lists changes (migration 019). */
  members_version: ColumnType<string | number, never, never>;
  created_at: Timestamp;
}

export type TeamRole = 'owner' | 'admin' | 'member';

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: TeamRole;
  created_at: Timestamp;
}

export type InvitationRole = 'admin' | 'member';
export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';

export interface InvitationsTable {
  id: Generated<string>;
  team_id: string;
  email: string;
  name: string | null;
  role: InvitationRole;
  invited_by: string | null;
  token_hash: string;
  status: InvitationStatus;
  created_at: Timestamp;
  sent_at: Timestamp;
  expires_at: Timestamp;
  responded_at: Timestamp | null;
}

export interface InvitationSendsTable {
  id: Generated<string>;
  team_id: string | null;
  email: string;
  sent_at: Timestamp;
  /** False when the address had had its share from all teams: answered as sent, no email went out. */
  delivered: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  absolute_expires_at: Timestamp;
  replaced_at: Timestamp | null;
  signed_in_at: ColumnType<Date, Date | undefined, Date>;
  user_agent: string | null;
  ip_address: string | null;
}

export interface ActivityEventsTable {
  id: ColumnType<string, never, never>;
  at: Timestamp;
  team_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip_address: string | null;
  user_agent: string | null;
  result: 'success' | 'failure';
}

export interface KnownBrowsersTable {
  user_id: string;
  fingerprint: string;
  first_seen_at: Timestamp;
}

export interface EndedSessionsTable {
  token_hash: string;
  reason: string;
  ended_at: Timestamp;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

export interface EmailTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  superseded_at: Timestamp | null;
  /** Two-factor codes checked with this reset link. */
  code_attempts: Generated<number>;
}

export interface SignInAttemptsTable {
  email: string;
  /** Attempts inside the lock window, each recorded before its password was checked. */
  attempted_at: Timestamp[];
  locked_until: Timestamp | null;
}

export interface LinkMailSendsTable {
  email: string;
  purpose: EmailTokenPurpose;
  /** Link emails of this purpose queued to the address inside the day's window. */
  sent_at: Timestamp[];
}

export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  /** Sealed JSON {to, template}; null once sent or given up. */
  payload: string | null;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
}

export interface Database {
  api_keys: ApiKeysTable;
  api_key_usage_days: ApiKeyUsageDaysTable;
  api_key_origins_seen: ApiKeyOriginsSeenTable;
  api_key_requests: ApiKeyRequestsTable;
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  invitations: InvitationsTable;
  invitation_sends: InvitationSendsTable;
  sessions: SessionsTable;
  ended_sessions: EndedSessionsTable;
  known_browsers: KnownBrowsersTable;
  activity_events: ActivityEventsTable;
  email_tokens: EmailTokensTable;
  sign_in_attempts: SignInAttemptsTable;
  link_mail_sends: LinkMailSendsTable;
  mail_outbox: MailOutboxTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  account_recoveries: AccountRecoveriesTable;
  sign_in_challenges: SignInChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  production_access_requests: ProductionAccessRequestsTable;
  submissions: SubmissionsTable;
  submission_retention: SubmissionRetentionTable;
  server_keys: ServerKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  flows: FlowsTable;
  flow_versions: FlowVersionsTable;
  flow_session_days: FlowSessionDaysTable;
}

// What the API runs with: the environment's values in the units the code uses, the fixed rules (sessions,
// lockout, links) and what only tests set.
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** OPERATOR_EMAIL: where production access requests are emailed; undefined: they are only listed by the admin command. */
  operatorEmail: string | undefined;
  /** MAIL_POLL_INTERVAL_MS: how often the outbox worker looks for due mail (it also wakes after each enqueue). */
  mailPollIntervalMs: number;
  /** MAIL_RETRY_BASE_MS: the wait after a first failed send; it doubles after each failure, up to mailRetryMaxMs. */
  mailRetryBaseMs: number;
  /** MAIL_RETRY_MAX_SECONDS: the longest wait between two attempts at one message. */
  mailRetryMaxMs: number;
  /** MAIL_MAX_ATTEMPTS: sends tried before a message is given up (an error is logged). */
  mailMaxAttempts: number;
  /** MAIL_LEASE_SECONDS: how long a claimed message is reserved for the worker that claimed it. */
  mailLeaseMs: number;
  portalUrl: string;
  /**
   * API_URL: this API's public origin, as the portal and readers reach it. A test inbox's URL under it is the one
   * address webhooks deliver to on our own network: to this process's listener, never to what the name resolves to.
   */
  apiUrl: string;
  secretKey: string | undefined;
  turnstileSecretKey: string | undefined;
  /** Cloudflare's siteverify endpoint; tests and air-gapped setups point it at a stand-in. */
  turnstileVerifyUrl: string;
  loginRequiresVerifiedEmail: boolean;
  authRateLimit: number;
  /** Requests a minute per client address on POST /api/sdk/sessions (counted before the key lookup). */
  sdkRateLimit: number;
  /** SDK_KEY_RATE_LIMIT: sessions a minute per API key on POST /api/sdk/sessions (counted once the key is known). */
  sdkKeyRateLimit: number;
  /** SDK_KEY_RATE_LIMIT_MAX: the most sessions a minute a key may be given in its settings. */
  sdkKeyRateLimitMax: number;
  /** SERVER_KEY_RATE_LIMIT: requests a minute per server key on /api/v1/submissions, from all addresses together. */
  serverKeyRateLimit: number;
  /** KEY_EXPIRY_REMINDER_INTERVAL_MINUTES: how often keys about to expire are looked for (their owners emailed). */
  keyExpiryReminderIntervalMs: number;
  /** KEY_CACHE_SIZE: API keys each process keeps in memory, invalidated on every process by PostgreSQL NOTIFY. */
  keyCacheSize: number;
  /** SESSION_CACHE_SIZE: sessions (with user and team) each process keeps in memory, invalidated as keys are. */
  sessionCacheSize: number;
  /** KEY_USAGE_FLUSH_MS: how often each process writes its batch of key usage and request log entries. */
  keyUsageFlushMs: number;
  /** REDIS_URL (Valkey or Redis): where every process counts the rate limits; unset = in this process's memory. */
  redisUrl: string | undefined;
  /** HOUSEKEEPING_INTERVAL_MINUTES: how often expired sessions, tokens and sign-in attempts are purged. */
  housekeepingIntervalMs: number;
  /** ACTIVITY_RETENTION_DAYS: how long the activity log keeps an event (six years, HIPAA's retention of audit records). */
  activityRetentionDays: number;
  /**
   * Whether scheduled jobs run on their intervals (always in a server; the API tests turn it off, since a purge at
   * the top of the hour would act on a test's moved clock in the middle of that test).
   */
  scheduledJobs: boolean;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or proxy-addr's
   * loopback/linklocal/uniquelocal); empty = the socket address is the client (Fastify's trustProxy off).
   */
  trustProxy: string[];
  loginLockAttempts: number;
  /**
   * ACCOUNT_RECOVERY_WAIT_DAYS: how long a recovery without the authenticator waits, nobody able to sign in, before
   * two-factor is removed and the new password takes effect (the address is emailed at its start and its end).
   */
  accountRecoveryWaitMs: number;
  /** REQUEST_TIMEOUT_SECONDS: how long a client may take to send a whole request, headers and body. */
  requestTimeoutMs: number;
  /**
   * MAX_CONNECTIONS: open connections per process; more are dropped as they are accepted. Lowered at start to the
   * open-file limit less what the database, Redis and mail need, when that is lower (lib/file-limit.ts).
   */
  maxConnections: number;
  /**
   * MAX_CONNECTIONS_PER_ADDRESS: open connections from one client address (an IPv6 client's /64); behind a proxy in
   * TRUST_PROXY, requests in flight per forwarded client address instead.
   */
  maxConnectionsPerAddress: number;
  /** TEAM_INVITES_PER_HOUR: invitation emails (invites and resends) per team per rolling hour. */
  teamInvitesPerHour: number;
  /** INVITES_PER_ADDRESS_PER_DAY: invitation emails to one address per rolling 24 h, across all teams. */
  invitesPerAddressPerDay: number;
  /** LINK_EMAILS_PER_ADDRESS_PER_HOUR: verification emails, and separately reset emails, to one address per rolling hour. */
  linkEmailsPerAddressPerHour: number;
  /** LINK_EMAILS_PER_ADDRESS_PER_DAY: the same per rolling 24 h. */
  linkEmailsPerAddressPerDay: number;
  /** ACTIVE_KEYS_PER_TEAM: active API keys one team (or one user without a team) may hold. */
  activeKeysPerTeam: number;
  /** LOAD_SHED_EVENT_LOOP_MS: mean event-loop delay above which requests are shed (0 = never). */
  loadShedMaxEventLoopDelayMs: number;
  /** LOAD_SHED_HEAP_MB: V8 heap in use above which requests are shed (0 = never). */
  loadShedMaxHeapMb: number;
  /** LOAD_SHED_RSS_MB: resident memory above which requests are shed (0 = never). */
  loadShedMaxRssMb: number;
  /** METRICS_TOKEN: GET /metrics is served only when set, to `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** LOG_FORMAT: json (default) or pretty (human-readable; needs the pino-pretty dev dependency). */
  logFormat: 'json' | 'pretty';
  logLevel: string;
  /** BENCH_ROUTES=1 mounts the benchmark's floor routes (never in production). */
  benchRoutes: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE_NETWORKS: webhooks may reach loopback, private and link-local addresses (a receiver on the
   * developer's machine). Off in production; `npm start` turns it on.
   */
  webhookAllowPrivateNetworks: boolean;
  /** WEBHOOK_RETRY_TIME_SCALE: each wait of the retry schedule is multiplied by it (tests shorten the schedule). */
  webhookRetryTimeScale: number;
  /** WEBHOOK_POLL_INTERVAL_MS: how often each process's webhook worker looks for due deliveries. */
  webhookPollIntervalMs: number;
  /**
   * WEBHOOK_LEASE_SECONDS: how long a delivery claimed by one process is reserved for it; a process killed mid-send
   * releases its claims after this. Above the 15 s answer limit, or a slow receiver gets a second copy.
   */
  webhookLeaseMs: number;
  // Not read from the environment: fixed rules (sessions, lockout, links), overridable by tests.
  /** Source of "now" for every expiry rule; tests move it instead of sleeping. */
  now: () => Date;
  /** SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS (30 minutes, 12 hours). */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  sessionRotateAfterMs: number;
  sessionGraceMs: number;
  lockWindowMs: number;
  lockDurationMs: number;
  verifyTokenTtlMs: number;
  resetTokenTtlMs: number;
  /** How long an invitation link works after its last send (7 days). */
  invitationTtlMs: number;
  /** The least time between two sends of one invitation (a resend within it is 429). */
  invitationResendIntervalMs: number;
  /** How long siteverify may take before the check fails closed. */
  turnstileTimeoutMs: number;
  /** Whether this process sends webhooks; the schema fuzz, whose random URLs must never be looked up, turns it off. */
  webhookWorker: boolean;
  /** Where logs go; defaults to stdout. Tests capture it to check redaction. */
  logStream: {write(line: string): void} | undefined;
}

const MINUTE = 60_000;

/** The fixed rules, overridable by tests. */
export const DEFAULTS = {
  sessionRotateAfterMs: 15 * MINUTE,
  sessionGraceMs: 60_000,
  lockWindowMs: 15 * MINUTE,
  lockDurationMs: 15 * MINUTE,
  verifyTokenTtlMs: 60 * MINUTE,
  resetTokenTtlMs: 15 * MINUTE,
  invitationTtlMs: 7 * 24 * 60 * MINUTE,
  invitationResendIntervalMs: MINUTE,
  turnstileTimeoutMs: 5000,
  webhookWorker: true,
} as const;

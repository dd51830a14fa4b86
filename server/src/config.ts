// The one place that reads the API's environment. Every value is checked at start
// so a typo fails loudly with the variable's name instead of misbehaving later.
import net from 'node:net';
import path from 'node:path';
import {TURNSTILE_VERIFY_URL} from './lib/turnstile.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
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
  /** KEY_EXPIRY_REMINDER_INTERVAL_MINUTES: how often keys about to expire are looked for (their owners emailed). */
  keyExpiryReminderIntervalMs: number;
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
  /** Where logs go; defaults to stdout. Tests capture it to check redaction. */
  logStream: {write(line: string): void} | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MINUTE = 60_000;

export const DEFAULTS = {
  sessionIdleMs: 30 * MINUTE,
  sessionAbsoluteMs: 12 * 60 * MINUTE,
  sessionRotateAfterMs: 15 * MINUTE,
  sessionGraceMs: 60_000,
  lockWindowMs: 15 * MINUTE,
  lockDurationMs: 15 * MINUTE,
  verifyTokenTtlMs: 60 * MINUTE,
  resetTokenTtlMs: 15 * MINUTE,
  invitationTtlMs: 7 * 24 * 60 * MINUTE,
  invitationResendIntervalMs: MINUTE,
  turnstileTimeoutMs: 5000,
} as const;

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, a CIDR range (address/prefix) or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  /** A positive number of minutes, fractions allowed (0.5 = 30 s), returned in milliseconds. */
  const minutes = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback * MINUTE;
    const value = Number(raw);
    if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a number of minutes from ${min} to ${max} (got "${raw}")`);
      return fallback * MINUTE;
    }
    return Math.round(value * MINUTE);
  };
  const boolean = (name: string, fallback: boolean): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(
        `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (got "${redactUrl(raw)}")`,
      );
      return undefined;
    }
  };

  const sdkKeyRateLimit = integer('SDK_KEY_RATE_LIMIT', 600, 1, 1_000_000);
  const portalUrl = (url('PORTAL_URL', ['http:', 'https:']) ?? 'http://localhost:3000').replace(/\/+$/, '');
  const secretKey = text('SECRET_KEY');
  if (secretKey !== undefined && secretKey.length < 32) {
    problems.push('SECRET_KEY must be at least 32 characters (e.g. `openssl rand -base64 32`)');
  }
  const mailFrom = text('MAIL_FROM') ?? 'IntakeKit <no-reply@intakekit.local>';
  if (!/@/.test(mailFrom)) problems.push(`MAIL_FROM must contain an email address (got "${mailFrom}")`);
  const logLevel = text('LOG_LEVEL')?.toLowerCase() ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);

  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 32`)');
  }
  const logFormatRaw = text('LOG_FORMAT')?.toLowerCase() ?? 'json';
  const logFormat = logFormatRaw === 'pretty' ? 'pretty' : 'json';
  if (!['json', 'pretty'].includes(logFormatRaw))
    problems.push(`LOG_FORMAT must be json or pretty (got "${logFormatRaw}")`);

  const trustProxyRaw = text('TRUST_PROXY');
  const trustProxy =
    trustProxyRaw?.toLowerCase() === 'false'
      ? []
      : (trustProxyRaw ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
  if (trustProxy.some((entry) => ['true', '*'].includes(entry.toLowerCase()) || /^\d+$/.test(entry))) {
    // "Trust everyone" would let any client choose its own rate-limit key, and Fastify 5 ignores hop counts.
    problems.push(
      `TRUST_PROXY must list the proxies' addresses or CIDR ranges, e.g. 10.0.0.5,10.1.0.0/16 (got "${trustProxyRaw}")`,
    );
  } else {
    const bad = trustProxy.filter((entry) => !isProxyEntry(entry));
    if (bad.length > 0) {
      problems.push(
        `TRUST_PROXY must list IP addresses, CIDR ranges, loopback, linklocal or uniquelocal (not "${bad.join('", "')}")`,
      );
    }
  }
  const sessionIdleMinutes = integer('SESSION_IDLE_MINUTES', DEFAULTS.sessionIdleMs / MINUTE, 1, 7 * 24 * 60);
  const sessionAbsoluteHours = integer(
    'SESSION_ABSOLUTE_HOURS',
    DEFAULTS.sessionAbsoluteMs / (60 * MINUTE),
    1,
    90 * 24,
  );
  if (sessionIdleMinutes > sessionAbsoluteHours * 60) {
    problems.push(
      `SESSION_IDLE_MINUTES (${sessionIdleMinutes}) must not exceed SESSION_ABSOLUTE_HOURS (${sessionAbsoluteHours}) in minutes`,
    );
  }

  const config: Config = {
    port: integer('PORT', 8787, 0, 65535),
    host: text('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(text('DATA_DIR') ?? '.data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom,
    mailPollIntervalMs: integer('MAIL_POLL_INTERVAL_MS', 1000, 10, 600_000),
    mailRetryBaseMs: integer('MAIL_RETRY_BASE_MS', 5000, 10, 3_600_000),
    mailRetryMaxMs: integer('MAIL_RETRY_MAX_SECONDS', 3600, 1, 24 * 3600) * 1000,
    mailMaxAttempts: integer('MAIL_MAX_ATTEMPTS', 20, 1, 100),
    mailLeaseMs: integer('MAIL_LEASE_SECONDS', 120, 1, 3600) * 1000,
    portalUrl,
    secretKey,
    turnstileSecretKey: text('TURNSTILE_SECRET_KEY'),
    turnstileVerifyUrl: url('TURNSTILE_VERIFY_URL', ['http:', 'https:']) ?? TURNSTILE_VERIFY_URL,
    loginRequiresVerifiedEmail: boolean('LOGIN_REQUIRES_VERIFIED_EMAIL', true),
    authRateLimit: integer('AUTH_RATE_LIMIT', 30, 1, 1_000_000),
    sdkRateLimit: integer('SDK_RATE_LIMIT', 120, 1, 1_000_000),
    sdkKeyRateLimit,
    sdkKeyRateLimitMax: Math.max(sdkKeyRateLimit, integer('SDK_KEY_RATE_LIMIT_MAX', 6000, 1, 1_000_000)),
    keyUsageFlushMs: integer('KEY_USAGE_FLUSH_MS', 1000, 10, 600_000),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    housekeepingIntervalMs: minutes('HOUSEKEEPING_INTERVAL_MINUTES', 60, 0.05, 7 * 24 * 60),
    activityRetentionDays: integer('ACTIVITY_RETENTION_DAYS', 2190, 1, 36500),
    keyExpiryReminderIntervalMs: minutes('KEY_EXPIRY_REMINDER_INTERVAL_MINUTES', 60, 0.05, 24 * 60),
    scheduledJobs: true,
    trustProxy,
    loginLockAttempts: integer('LOGIN_LOCK_ATTEMPTS', 5, 1, 1000),
    accountRecoveryWaitMs: integer('ACCOUNT_RECOVERY_WAIT_DAYS', 7, 1, 90) * 24 * 60 * MINUTE,
    requestTimeoutMs: integer('REQUEST_TIMEOUT_SECONDS', 30, 1, 600) * 1000,
    maxConnections: integer('MAX_CONNECTIONS', 1024, 1, 1_000_000),
    maxConnectionsPerAddress: integer('MAX_CONNECTIONS_PER_ADDRESS', 50, 1, 1_000_000),
    teamInvitesPerHour: integer('TEAM_INVITES_PER_HOUR', 20, 1, 1_000_000),
    invitesPerAddressPerDay: integer('INVITES_PER_ADDRESS_PER_DAY', 3, 1, 1_000_000),
    linkEmailsPerAddressPerHour: integer('LINK_EMAILS_PER_ADDRESS_PER_HOUR', 3, 1, 1_000_000),
    linkEmailsPerAddressPerDay: integer('LINK_EMAILS_PER_ADDRESS_PER_DAY', 10, 1, 1_000_000),
    activeKeysPerTeam: integer('ACTIVE_KEYS_PER_TEAM', 50, 1, 10_000),
    loadShedMaxEventLoopDelayMs: integer('LOAD_SHED_EVENT_LOOP_MS', 1000, 0, 600_000),
    loadShedMaxHeapMb: integer('LOAD_SHED_HEAP_MB', 0, 0, 1_000_000),
    loadShedMaxRssMb: integer('LOAD_SHED_RSS_MB', 0, 0, 1_000_000),
    metricsToken,
    logFormat,
    logLevel,
    benchRoutes: boolean('BENCH_ROUTES', false),
    now: () => new Date(),
    ...DEFAULTS,
    sessionIdleMs: sessionIdleMinutes * MINUTE,
    sessionAbsoluteMs: sessionAbsoluteHours * 60 * MINUTE,
    logStream: undefined,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** Hides the password of a connection string before it reaches a message or a log. */
export function redactUrl(raw: string): string {
  try {
    const parsed = new URL(raw);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}

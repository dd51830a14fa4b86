// What the schema cannot say about one value alone (the rules between variables, the proxy list's entries)
// and the values the code uses, derived from the checked environment.
import net from 'node:net';
import path from 'node:path';
import type {Env} from './schema.js';
import {DEFAULTS, type Config} from './types.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

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

/** TRUST_PROXY as a list; `false` and unset both mean no proxy is believed. */
export function trustedProxies(raw: string | undefined): string[] {
  if (raw === undefined || raw.toLowerCase() === 'false') return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Each proxy must be named: "trust everyone" would let any client choose its own rate-limit key. */
export function trustProxyProblem(raw: string | undefined): string | undefined {
  const list = trustedProxies(raw);
  // Fastify 5 ignores hop counts, so a number is refused as well as `true` and `*`.
  if (list.some((entry) => ['true', '*'].includes(entry.toLowerCase()) || /^\d+$/.test(entry))) {
    return `TRUST_PROXY must list the proxies' addresses or CIDR ranges, e.g. 10.0.0.5,10.1.0.0/16 (got "${raw}")`;
  }
  const bad = list.filter((entry) => !isProxyEntry(entry));
  if (bad.length === 0) return undefined;
  return `TRUST_PROXY must list IP addresses, CIDR ranges, loopback, linklocal or uniquelocal (not "${bad.join('", "')}")`;
}

/**
 * API_URL, or the address `npm start` gives the portal when it is unset (scripts/lib/stack-env.mjs): a loopback or
 * wildcard HOST is reached as localhost, any other as named.
 */
export function publicApiUrl(env: Pick<Env, 'API_URL' | 'HOST' | 'PORT'>): string {
  if (env.API_URL) return env.API_URL.replace(/\/+$/, '');
  const loopback = ['127.0.0.1', '0.0.0.0', '::', '::1', ''].includes(env.HOST);
  const host = loopback ? 'localhost' : net.isIPv6(env.HOST) ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/** A session cannot stay idle longer than it may live at all. */
export function sessionLifetimeProblem(env: Env): string | undefined {
  const {SESSION_IDLE_MINUTES: idle, SESSION_ABSOLUTE_HOURS: absolute} = env;
  if (idle <= absolute * 60) return undefined;
  return `SESSION_IDLE_MINUTES (${idle}) must not exceed SESSION_ABSOLUTE_HOURS (${absolute}) in minutes`;
}

/** The checked environment in the units the code uses. */
export function toConfig(env: Env): Config {
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    operatorEmail: env.OPERATOR_EMAIL,
    mailPollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    mailRetryBaseMs: env.MAIL_RETRY_BASE_MS,
    mailRetryMaxMs: env.MAIL_RETRY_MAX_SECONDS * SECOND,
    mailMaxAttempts: env.MAIL_MAX_ATTEMPTS,
    mailLeaseMs: env.MAIL_LEASE_SECONDS * SECOND,
    portalUrl: env.PORTAL_URL.replace(/\/+$/, ''),
    apiUrl: publicApiUrl(env),
    secretKey: env.SECRET_KEY,
    turnstileSecretKey: env.TURNSTILE_SECRET_KEY,
    turnstileVerifyUrl: env.TURNSTILE_VERIFY_URL,
    loginRequiresVerifiedEmail: env.LOGIN_REQUIRES_VERIFIED_EMAIL,
    authRateLimit: env.AUTH_RATE_LIMIT,
    sdkRateLimit: env.SDK_RATE_LIMIT,
    sdkKeyRateLimit: env.SDK_KEY_RATE_LIMIT,
    // A key may always be given at least the default every key starts with.
    sdkKeyRateLimitMax: Math.max(env.SDK_KEY_RATE_LIMIT, env.SDK_KEY_RATE_LIMIT_MAX),
    serverKeyRateLimit: env.SERVER_KEY_RATE_LIMIT,
    keyCacheSize: env.KEY_CACHE_SIZE,
    sessionCacheSize: env.SESSION_CACHE_SIZE,
    keyUsageFlushMs: env.KEY_USAGE_FLUSH_MS,
    redisUrl: env.REDIS_URL,
    housekeepingIntervalMs: Math.round(env.HOUSEKEEPING_INTERVAL_MINUTES * MINUTE),
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    keyExpiryReminderIntervalMs: Math.round(env.KEY_EXPIRY_REMINDER_INTERVAL_MINUTES * MINUTE),
    scheduledJobs: true,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    loginLockAttempts: env.LOGIN_LOCK_ATTEMPTS,
    accountRecoveryWaitMs: env.ACCOUNT_RECOVERY_WAIT_DAYS * DAY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * SECOND,
    maxConnections: env.MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    teamInvitesPerHour: env.TEAM_INVITES_PER_HOUR,
    invitesPerAddressPerDay: env.INVITES_PER_ADDRESS_PER_DAY,
    linkEmailsPerAddressPerHour: env.LINK_EMAILS_PER_ADDRESS_PER_HOUR,
    linkEmailsPerAddressPerDay: env.LINK_EMAILS_PER_ADDRESS_PER_DAY,
    activeKeysPerTeam: env.ACTIVE_KEYS_PER_TEAM,
    loadShedMaxEventLoopDelayMs: env.LOAD_SHED_EVENT_LOOP_MS,
    loadShedMaxHeapMb: env.LOAD_SHED_HEAP_MB,
    loadShedMaxRssMb: env.LOAD_SHED_RSS_MB,
    metricsToken: env.METRICS_TOKEN,
    logFormat: env.LOG_FORMAT,
    logLevel: env.LOG_LEVEL,
    benchRoutes: env.BENCH_ROUTES,
    webhookAllowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    webhookRetryTimeScale: env.WEBHOOK_RETRY_TIME_SCALE,
    webhookPollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
    webhookLeaseMs: env.WEBHOOK_LEASE_SECONDS * SECOND,
    now: () => new Date(),
    ...DEFAULTS,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * MINUTE,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
    logStream: undefined,
  };
}

// Every environment variable the API reads: its type, default, range and meaning. env-schema checks the
// environment against this at start, and a test holds the README's configuration table to it.
import {Type, type Static} from 'typebox';
import {TURNSTILE_VERIFY_URL} from '../lib/turnstile.js';

/** A variable in one of these formats must parse as a URL with one of its protocols. */
export const URL_FORMATS = {
  'postgres-url': ['postgres:', 'postgresql:'],
  'smtp-url': ['smtp:', 'smtps:'],
  'http-url': ['http:', 'https:'],
  'redis-url': ['redis:', 'rediss:'],
} as const satisfies Record<string, readonly string[]>;
export type UrlFormat = keyof typeof URL_FORMATS;

/** A sender such as `IntakeKit <no-reply@example.com>`: it must contain an address. */
export const MAILBOX_FORMAT = 'mailbox';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const UNBOUNDED = 1_000_000;
const whole = (fallback: number, minimum: number, maximum: number, description: string) =>
  Type.Integer({default: fallback, minimum, maximum, description});
/** Minutes with fractions allowed (0.5 = 30 s). */
const minutes = (fallback: number, minimum: number, maximum: number, description: string) =>
  Type.Number({default: fallback, minimum, maximum, description});
const flag = (fallback: boolean, description: string) => Type.Boolean({default: fallback, description});
const url = (format: UrlFormat, description: string) => Type.Optional(Type.String({format, description}));
/** A value that is never echoed in an error or a log. */
const secret = (minLength: number, description: string) =>
  Type.Optional(Type.String({minLength, writeOnly: true, description}));

export const ENV_SCHEMA = Type.Object({
  PORT: whole(8787, 0, 65535, 'API port'),
  HOST: Type.String({default: '127.0.0.1', description: 'address the API listens on'}),
  DATA_DIR: Type.String({default: '.data', description: 'where the embedded database, the secret and mail files live'}),
  DATABASE_URL: url('postgres-url', 'PostgreSQL connection string; unset: PGlite under DATA_DIR/db'),
  SMTP_URL: url('smtp-url', 'mail server; unset: each email is written as an .eml file under DATA_DIR/mail'),
  MAIL_FROM: Type.String({
    default: 'IntakeKit <no-reply@intakekit.local>',
    format: MAILBOX_FORMAT,
    description: 'sender of every email',
  }),
  OPERATOR_EMAIL: Type.Optional(
    Type.String({
      format: MAILBOX_FORMAT,
      description:
        'who reviews production access requests (each is emailed here); unset: `npm run admin -- production-requests` lists them',
    }),
  ),
  MAIL_POLL_INTERVAL_MS: whole(1000, 10, 600_000, 'how often the outbox worker looks for due mail'),
  MAIL_RETRY_BASE_MS: whole(5000, 10, 3_600_000, 'wait after a first failed send, doubled after each failure'),
  MAIL_RETRY_MAX_SECONDS: whole(3600, 1, 24 * 3600, 'longest wait between two attempts at one message'),
  MAIL_MAX_ATTEMPTS: whole(20, 1, 100, 'sends tried before a message is given up (an error is logged)'),
  MAIL_LEASE_SECONDS: whole(120, 1, 3600, 'how long a claimed message is reserved for the worker that claimed it'),
  PORTAL_URL: Type.String({
    default: 'http://localhost:3000',
    format: 'http-url',
    description: 'base of the links in emails, the origin CORS allows, the passkeys’ relying party',
  }),
  API_URL: url(
    'http-url',
    "this API's public address, as the portal reaches it (inbox URLs start with it); unset: http://localhost:PORT",
  ),
  SECRET_KEY: secret(32, 'encrypts API keys at rest; unset: generated into DATA_DIR/secret-key'),
  TURNSTILE_SECRET_KEY: secret(1, 'turns the Cloudflare Turnstile bot check on'),
  TURNSTILE_VERIFY_URL: Type.String({
    default: TURNSTILE_VERIFY_URL,
    format: 'http-url',
    description: 'where the bot check is verified (a stand-in for tests or a relay)',
  }),
  LOGIN_REQUIRES_VERIFIED_EMAIL: flag(true, 'false lets unverified users sign in'),
  AUTH_RATE_LIMIT: whole(30, 1, UNBOUNDED, 'requests a minute per client address on each auth route'),
  SDK_RATE_LIMIT: whole(120, 1, UNBOUNDED, 'requests a minute per client address on POST /api/sdk/sessions'),
  SDK_KEY_RATE_LIMIT: whole(600, 1, UNBOUNDED, 'sessions a minute per API key, unless the key sets its own'),
  SDK_KEY_RATE_LIMIT_MAX: whole(6000, 1, UNBOUNDED, 'the most sessions a minute a key may be given'),
  SERVER_KEY_RATE_LIMIT: whole(600, 1, UNBOUNDED, 'requests a minute per server key on the submissions API'),
  KEY_CACHE_SIZE: whole(
    10_000,
    0,
    UNBOUNDED,
    'API keys each process keeps in memory (0: none, every use reads the database)',
  ),
  SESSION_CACHE_SIZE: whole(
    10_000,
    0,
    UNBOUNDED,
    'signed-in sessions each process keeps in memory (0: none, every request reads the database)',
  ),
  KEY_USAGE_FLUSH_MS: whole(1000, 10, 600_000, 'how often each process writes its batch of key usage'),
  KEY_EXPIRY_REMINDER_INTERVAL_MINUTES: minutes(60, 0.05, 24 * 60, 'how often keys about to expire are looked for'),
  REDIS_URL: url('redis-url', 'Valkey or Redis where every process counts the rate limits; unset: in memory'),
  TRUST_PROXY: Type.Optional(
    Type.String({description: 'comma-separated addresses or CIDR ranges of the reverse proxies believed'}),
  ),
  SESSION_IDLE_MINUTES: whole(30, 1, 7 * 24 * 60, 'a session unused this long ends'),
  SESSION_ABSOLUTE_HOURS: whole(12, 1, 90 * 24, 'a session ends this long after sign-in however active'),
  LOGIN_LOCK_ATTEMPTS: whole(5, 1, 1000, 'sign-in attempts in 15 minutes before LOCKED'),
  ACCOUNT_RECOVERY_WAIT_DAYS: whole(7, 1, 90, 'how long a recovery without the authenticator waits'),
  REQUEST_TIMEOUT_SECONDS: whole(30, 1, 600, 'how long a client may take to send a whole request'),
  MAX_CONNECTIONS: whole(1024, 1, UNBOUNDED, 'open connections per process (lowered to fit the open-file limit)'),
  MAX_CONNECTIONS_PER_ADDRESS: whole(50, 1, UNBOUNDED, 'open connections from one client address'),
  TEAM_INVITES_PER_HOUR: whole(20, 1, UNBOUNDED, 'invitation emails per team per rolling hour'),
  INVITES_PER_ADDRESS_PER_DAY: whole(3, 1, UNBOUNDED, 'invitation emails to one address per rolling 24 h'),
  LINK_EMAILS_PER_ADDRESS_PER_HOUR: whole(3, 1, UNBOUNDED, 'verification, and reset, emails per address an hour'),
  LINK_EMAILS_PER_ADDRESS_PER_DAY: whole(10, 1, UNBOUNDED, 'the same per rolling 24 h'),
  HOUSEKEEPING_INTERVAL_MINUTES: minutes(60, 0.05, 7 * 24 * 60, 'how often expired rows are purged'),
  ACTIVITY_RETENTION_DAYS: whole(2190, 1, 36500, 'how long the activity log keeps an event'),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, {default: 'info', description: 'API log level'}),
  ACTIVE_KEYS_PER_TEAM: whole(50, 1, 10_000, 'active API keys one team (or one user without a team) may hold'),
  LOAD_SHED_EVENT_LOOP_MS: whole(1000, 0, 600_000, 'mean event-loop delay above which requests are shed; 0: never'),
  LOAD_SHED_HEAP_MB: whole(0, 0, UNBOUNDED, 'V8 heap in use above which requests are shed; 0: never'),
  LOAD_SHED_RSS_MB: whole(0, 0, UNBOUNDED, 'resident memory above which requests are shed; 0: never'),
  METRICS_TOKEN: secret(16, 'serves GET /metrics to this bearer token; unset: no /metrics'),
  LOG_FORMAT: Type.Enum(['json', 'pretty'], {default: 'json', description: 'pretty needs pino-pretty'}),
  BENCH_ROUTES: flag(false, 'mounts the benchmark’s floor routes (never in production)'),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: flag(false, 'lets webhooks reach loopback and private addresses (local development)'),
  WEBHOOK_RETRY_TIME_SCALE: Type.Number({
    default: 1,
    minimum: 0.00001,
    maximum: 1,
    description: 'multiplies each wait of the webhook retry schedule (tests shorten it); 1 in production',
  }),
  WEBHOOK_POLL_INTERVAL_MS: whole(1000, 10, 600_000, 'how often the webhook worker looks for due deliveries'),
  WEBHOOK_LEASE_SECONDS: whole(60, 1, 3600, 'how long a claimed delivery is reserved for the process that claimed it'),
});

export type Env = Static<typeof ENV_SCHEMA>;
export type EnvName = keyof Env;

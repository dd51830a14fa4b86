/**
 * The run's record of every secret it used and of everything our servers printed, for e2e/logs.audit.ts
 * (a full end-to-end run's logs must contain none of the passwords, tokens or keys it used).
 *
 * Secrets are recorded where they appear (the browser's traffic to the API, apiCall, the mail sink, the API's
 * environment) rather than in each spec, so a new test is covered without remembering to. The runner and the
 * workers are separate processes, hence files: one JSON line per sighting, appended synchronously.
 */
import {appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from './processes';

export const LOG_DIR = path.join(ROOT, '.e2e', 'logs');
/** Every byte the API printed during the run, across all its restarts. */
export const API_LOG = path.join(LOG_DIR, 'api.log');
/** Everything the static site server printed. */
export const SITE_LOG = path.join(LOG_DIR, 'site.log');
export const SECRETS_FILE = path.join(LOG_DIR, 'secrets.jsonl');

export const SECRET_KINDS = [
  'password',
  'session-token',
  'api-key',
  'link-token',
  'server-secret',
  'two-factor',
] as const;
export type SecretKind = (typeof SECRET_KINDS)[number];

export interface SecretSighting {
  kind: SecretKind;
  value: string;
  /** Where it was seen (e.g. "browser POST /api/auth/login request body"), to explain a finding. */
  source: string;
}

/**
 * Shorter values are ignored: they match ordinary log text by chance (a test that types 'short' to see the
 * length rule), and the API refuses passwords under 8 characters anyway.
 */
export const MIN_SECRET_LENGTH = 8;

/** Called once by the global setup: an audit must only ever see this run's secrets and output. */
export function resetRunFiles(): void {
  mkdirSync(LOG_DIR, {recursive: true});
  for (const file of [API_LOG, SITE_LOG, SECRETS_FILE]) writeFileSync(file, '');
}

export function recordSecret(kind: SecretKind, value: unknown, source: string): void {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
  appendFileSync(SECRETS_FILE, `${JSON.stringify({kind, value, source} satisfies SecretSighting)}\n`);
}

export function readSightings(): SecretSighting[] {
  if (!existsSync(SECRETS_FILE)) return [];
  return readFileSync(SECRETS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SecretSighting);
}

const PASSWORD_FIELDS = ['password', 'currentPassword', 'newPassword'];

/**
 * A request body sent to the API: the passwords in it, a link's token (reset-password, invitations lookup, accept
 * and decline send `token`) and an invitation's token sent with a sign-up (`invitationToken`).
 */
export function recordRequestBody(body: unknown, source: string): void {
  if (!body || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  for (const field of PASSWORD_FIELDS) recordSecret('password', fields[field], `${source} body.${field}`);
  recordSecret('link-token', fields.token, `${source} body.token`);
  recordSecret('link-token', fields.invitationToken, `${source} body.invitationToken`);
  // A sign-in's challenge; the codes themselves are shorter than MIN_SECRET_LENGTH, except recovery codes.
  recordSecret('two-factor', fields.challengeToken, `${source} body.challengeToken`);
  recordSecret('two-factor', fields.code, `${source} body.code`);
}

/** Request bodies arrive as text from the browser; anything that is not JSON holds none of our fields. */
export function recordRequestText(text: string | null | undefined, source: string): void {
  if (!text) return;
  try {
    recordRequestBody(JSON.parse(text), source);
  } catch {
    // not JSON
  }
}

/** A Bearer value is an API key when it starts `ik_sandbox_` or `ik_production_`, otherwise a session token. */
export function recordAuthorization(header: string | null | undefined, source: string): void {
  const value = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!value) return;
  recordSecret(/^ik_(sandbox|production)_/.test(value) ? 'api-key' : 'session-token', value, `${source} Authorization`);
}

/**
 * Verification, reset and invitation links carry their token in the query (GET /api/auth/verify?token=...,
 * /accept-invitation?token=...); the portal's sign-up through an invitation carries it as ?invitation=.
 */
export function recordUrl(url: string, source: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return;
  }
  for (const value of parsed.searchParams.getAll('token')) recordSecret('link-token', value, `${source} ?token=`);
  for (const value of parsed.searchParams.getAll('invitation'))
    recordSecret('link-token', value, `${source} ?invitation=`);
}

/** API answers: a new session (login's `token`), a new key (`apiKey`), a rotated session (x-new-token). */
export function recordResponse(body: unknown, newTokenHeader: string | null | undefined, source: string): void {
  recordSecret('session-token', newTokenHeader, `${source} x-new-token`);
  if (!body || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  recordSecret('session-token', fields.token, `${source} response.token`);
  recordSecret('api-key', fields.apiKey, `${source} response.apiKey`);
  // Two-factor: a sign-in's challenge, an authenticator secret, recovery codes (as shown and as typed).
  recordSecret('two-factor', fields.challengeToken, `${source} response.challengeToken`);
  recordSecret('two-factor', fields.secret, `${source} response.secret`);
  if (Array.isArray(fields.recoveryCodes)) {
    for (const code of fields.recoveryCodes as unknown[]) {
      recordSecret('two-factor', code, `${source} response.recoveryCodes`);
      if (typeof code === 'string')
        recordSecret('two-factor', code.replace('-', ''), `${source} response.recoveryCodes`);
    }
  }
}

/** The password inside a connection URL (postgres://user:pass@host/db, smtp://user:pass@host). */
export function recordUrlPassword(url: string | undefined, source: string): void {
  if (!url) return;
  try {
    recordSecret('server-secret', decodeURIComponent(new URL(url).password), source);
  } catch {
    // not a URL: the API refuses to start with it, so nothing of it is in use
  }
}

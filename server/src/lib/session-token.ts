// The SDK's session token: what POST /api/sdk/sessions served, signed by the server so that the submit can trust it
// without a stored session (the session call stays a read). HMAC-SHA-256 under a subkey of SECRET_KEY of its own
// (subkeyOf, as the secret box's); the claims are readable by whoever holds the token (they name the
// key's id, the flow and the page's origin, nothing secret) and cannot be changed without the MAC failing.
// Format: v1.<claims, JSON, base64url>.<MAC of "v1.<claims>", base64url>.
import crypto from 'node:crypto';
import type {Environment, FlowQuestion} from '@intakekit/contract/flows';
import {ENVIRONMENTS} from '@intakekit/contract/flows';
import {subkeyOf} from './secret-box.js';

export interface SessionClaims {
  keyId: string;
  flowId: string;
  flowVersion: string;
  env: Environment;
  /** The page's Origin header at the session call, or null without one. */
  origin: string | null;
  sessionId: string;
  /** Unix seconds after which the token is refused. */
  expiresAt: number;
  /** questionsDigest of the page's own questions, when the session was started with them. */
  questionsDigest?: string;
}

export interface SessionTokens {
  sign(claims: SessionClaims): string;
  /** The claims of a token this server signed that has not expired at `now`; null for anything else. */
  verify(token: string, now: Date): SessionClaims | null;
}

const VERSION = 'v1';

/** Short names keep the token small: it travels in every session answer and every submit. */
interface WireClaims {
  k: string;
  f: string;
  v: string;
  e: string;
  o: string | null;
  s: string;
  x: number;
  q?: string;
}

export function sessionTokens(serverSecret: string): SessionTokens {
  const key = crypto.createSecretKey(subkeyOf(serverSecret, 'sdk-session-token'));
  const mac = (signed: string) => crypto.createHmac('sha256', key).update(signed).digest();
  return {
    sign(c) {
      const wire: WireClaims = {
        k: c.keyId,
        f: c.flowId,
        v: c.flowVersion,
        e: c.env,
        o: c.origin,
        s: c.sessionId,
        x: c.expiresAt,
      };
      if (c.questionsDigest !== undefined) wire.q = c.questionsDigest;
      const signed = `${VERSION}.${Buffer.from(JSON.stringify(wire)).toString('base64url')}`;
      return `${signed}.${mac(signed).toString('base64url')}`;
    },
    verify(token, now) {
      const [version, payload, tag, extra] = token.split('.');
      if (version !== VERSION || !payload || !tag || extra !== undefined) return null;
      const expected = mac(`${version}.${payload}`);
      const given = Buffer.from(tag, 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      const claims = parseClaims(Buffer.from(payload, 'base64url').toString('utf8'));
      return claims && claims.expiresAt * 1000 > now.getTime() ? claims : null;
    },
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** Only tokens this server signed reach here; the shape is checked all the same. */
function parseClaims(json: string): SessionClaims | null {
  let wire: Partial<Record<keyof WireClaims, unknown>>;
  try {
    wire = JSON.parse(json) as typeof wire;
  } catch {
    return null;
  }
  const {k, f, v, e, o, s, x, q} = wire;
  if (![k, f, v, s].every(isString) || !(o === null || isString(o)) || typeof x !== 'number') return null;
  if (!(ENVIRONMENTS as readonly unknown[]).includes(e) || !(q === undefined || isString(q))) return null;
  const claims: SessionClaims = {
    keyId: k as string,
    flowId: f as string,
    flowVersion: v as string,
    env: e as Environment,
    origin: o as string | null,
    sessionId: s as string,
    expiresAt: x,
  };
  if (q !== undefined) claims.questionsDigest = q as string;
  return claims;
}

/**
 * A fingerprint of a page's own questions: SHA-256 of their fields in a fixed order, so that the same definitions
 * sent with their fields in another order (JSON objects have none) give the same digest.
 */
export function questionsDigest(questions: readonly FlowQuestion[]): string {
  const canonical = questions.map(({id, question, type, required, options}) => [
    id,
    question,
    type,
    required,
    options === undefined ? null : options.map(({label, value}) => [label, value]),
  ]);
  return crypto.createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

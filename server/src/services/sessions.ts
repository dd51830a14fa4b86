// Session rules of design §4: opaque tokens hashed at rest, idle and absolute expiry, and
// rotation of tokens older than 15 minutes with a grace period for requests already in flight.
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import {
  claimRotation,
  deleteDeadSessions,
  deleteFamily,
  findSessionByHash,
  insertSession,
  touchSession,
} from '../repositories/sessions-repository.js';
import { hashToken, isWellFormedToken, newToken } from '../lib/tokens.js';

export interface Authenticated {
  userId: string;
  sessionId: string;
  familyId: string;
  /** Set when this request rotated the token: the client must store it (x-new-token). */
  newToken?: string;
}

type SessionConfig = Pick<Config, 'now' | 'sessionIdleMs' | 'sessionAbsoluteMs' | 'sessionRotateAfterMs' | 'sessionGraceMs'>;

export async function startSession(db: Db, config: SessionConfig, userId: string): Promise<string> {
  const token = newToken();
  const now = config.now();
  // Housekeeping at sign-in keeps the table small without a background job.
  await deleteDeadSessions(db, userId, {
    idle: new Date(now.getTime() - config.sessionIdleMs),
    grace: new Date(now.getTime() - config.sessionGraceMs),
    now,
  });
  await insertSession(db, {
    familyId: undefined,
    userId,
    tokenHash: hashToken(token),
    now,
    absoluteExpiresAt: new Date(now.getTime() + config.sessionAbsoluteMs),
  });
  return token;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Returns the session a token opens, or undefined for a missing, unknown or expired token. */
export async function authenticate(db: Db, config: SessionConfig, token: string | undefined): Promise<Authenticated | undefined> {
  if (!token || !isWellFormedToken(token)) return undefined;
  const session = await findSessionByHash(db, hashToken(token));
  if (!session) return undefined;
  const now = config.now().getTime();
  const idle = now - session.last_used_at.getTime() >= config.sessionIdleMs;
  const pastAbsolute = now >= session.absolute_expires_at.getTime();
  const pastGrace = session.replaced_at !== null && now - session.replaced_at.getTime() >= config.sessionGraceMs;
  if (idle || pastAbsolute || pastGrace) return undefined;

  const base = { userId: session.user_id, sessionId: session.id, familyId: session.family_id };
  // A replaced token inside its grace period still works but never rotates again.
  if (session.replaced_at !== null) return base;

  const nowDate = new Date(now);
  const due = now - session.created_at.getTime() >= config.sessionRotateAfterMs;
  if (due && (await claimRotation(db, session.id, nowDate))) {
    const token = newToken();
    const sessionId = await insertSession(db, {
      familyId: session.family_id,
      userId: session.user_id,
      tokenHash: hashToken(token),
      now: nowDate,
      absoluteExpiresAt: session.absolute_expires_at,
    });
    return { ...base, sessionId, newToken: token };
  }
  await touchSession(db, session.id, nowDate);
  return base;
}

/** Logout: the token and every token rotated from the same sign-in stop working. */
export async function endSession(db: Db, familyId: string): Promise<void> {
  await deleteFamily(db, familyId);
}

// Session rules of design §4: opaque tokens hashed at rest, idle and absolute expiry, and
// rotation of tokens older than 15 minutes with a grace period for requests already in flight.
//
// Cost: a signed-in request resolves its session, user and team in ONE statement
// (findSessionWithUser). Only two things add a round trip: recording the use, which happens at
// most once a minute per session (USE_RECORDED_EVERY_MS), and rotation, once per 15 minutes.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {
  deleteFamily,
  findSessionWithUser,
  insertSession,
  rotateSession,
  touchSession,
} from '../repositories/sessions-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {hashToken, isWellFormedToken, newToken} from '../lib/tokens.js';

/**
 * last_used_at is written only when it is at least this old. Writing it on every request doubled
 * the round trips of every signed-in call (and on PGlite, whose one connection serialises every
 * query, halved throughput) for no benefit: the price is that the idle timeout is measured from a
 * use recorded up to a minute early, so a session expires between 29 and 30 idle minutes after its
 * last use instead of exactly 30 (never later).
 */
export const USE_RECORDED_EVERY_MS = 60_000;

export interface Authenticated {
  userId: string;
  sessionId: string;
  familyId: string;
  /** The signed-in user and their team, read in the same statement as the session. */
  user: UserWithTeam;
  /** Set when this request rotated the token: the client must store it (x-new-token). */
  newToken?: string;
}

type SessionConfig = Pick<
  Config,
  'now' | 'sessionIdleMs' | 'sessionAbsoluteMs' | 'sessionRotateAfterMs' | 'sessionGraceMs'
>;

export async function startSession(db: Db, config: SessionConfig, userId: string): Promise<string> {
  const token = newToken();
  const now = config.now();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    now,
    absoluteExpiresAt: new Date(now.getTime() + config.sessionAbsoluteMs),
    dropDeadBefore: {
      idle: new Date(now.getTime() - config.sessionIdleMs),
      grace: new Date(now.getTime() - config.sessionGraceMs),
    },
  });
  return token;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Returns the session a token opens, or undefined for a missing, unknown or expired token. */
export async function authenticate(
  db: Db,
  config: SessionConfig,
  token: string | undefined,
): Promise<Authenticated | undefined> {
  if (!token || !isWellFormedToken(token)) return undefined;
  const session = await findSessionWithUser(db, hashToken(token));
  if (!session) return undefined;
  const now = config.now().getTime();
  const idle = now - session.last_used_at.getTime() >= config.sessionIdleMs;
  const pastAbsolute = now >= session.absolute_expires_at.getTime();
  const pastGrace = session.replaced_at !== null && now - session.replaced_at.getTime() >= config.sessionGraceMs;
  if (idle || pastAbsolute || pastGrace) return undefined;

  const base = {userId: session.user_id, sessionId: session.id, familyId: session.family_id, user: session.user};
  // A replaced token inside its grace period still works but never rotates again.
  if (session.replaced_at !== null) return base;

  const nowDate = new Date(now);
  if (now - session.created_at.getTime() >= config.sessionRotateAfterMs) {
    const successor = newToken();
    // Only one of several parallel requests wins; the others carry on with the old token (grace).
    const sessionId = await rotateSession(db, session.id, hashToken(successor), nowDate);
    if (sessionId) return {...base, sessionId, newToken: successor};
  }
  if (now - session.last_used_at.getTime() >= USE_RECORDED_EVERY_MS) await touchSession(db, session.id, nowDate);
  return base;
}

/** Logout: the token and every token rotated from the same sign-in stop working. */
export async function endSession(db: Db, familyId: string): Promise<void> {
  await deleteFamily(db, familyId);
}

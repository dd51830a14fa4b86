// Session rules: opaque tokens hashed at rest, idle and absolute expiry, and
// rotation of tokens older than 15 minutes with a grace period for requests already in flight.
//
// Cost: a signed-in request resolves its session, user and team in ONE statement
// (findSessionWithUser), or from memory (services/state-cache/: kept only while every process hears of every
// change to those rows, migrations/024_session_change_notices.sql). Only two things add a round trip: recording
// the use, which happens at most once a minute per session (USE_RECORDED_EVERY_MS), and rotation, once per 15
// minutes.
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {
  familyOfUser,
  findSessionWithUser,
  insertSession,
  listLiveSessions,
  rotateSession,
  touchSession,
  type SessionClient,
  type SessionWithUser,
} from '../repositories/sessions-repository.js';
import {
  deleteFamily,
  deleteOtherFamilies,
  findEndedSession,
  findSessionTimes,
} from '../repositories/ended-sessions-repository.js';
import {ApiError} from '../errors.js';
import {USER_AGENT_MAX, describeUserAgent} from '../lib/user-agent.js';
import {SESSION_END_CODES, type SessionEndReason} from '@intakekit/contract/sessions';
import type {SessionBody} from '@intakekit/contract/schemas/auth';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {hashToken, isWellFormedToken, newToken} from '../lib/tokens.js';
import type {ChangeFeed} from './ports/change-feed.js';
import {stateCache, type StateCache} from './state-cache/state-cache.js';

/** Sessions kept in memory by token hash. What is kept is shared by the requests that use it: never changed. */
export type SessionStates = StateCache<SessionWithUser>;

export function sessionStates(feed: ChangeFeed, max: number): SessionStates {
  return stateCache<SessionWithUser>(feed, 'session', max);
}

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

export type {SessionClient};

/** A sign-in's browser as the request shows it (proxies are resolved by Fastify's trustProxy). */
export function clientOf(request: {headers: Record<string, string | string[] | undefined>; ip: string}): SessionClient {
  const agent = request.headers['user-agent'];
  return {userAgent: typeof agent === 'string' ? agent.slice(0, USER_AGENT_MAX) : null, ipAddress: request.ip || null};
}

const NO_CLIENT: SessionClient = {userAgent: null, ipAddress: null};

export async function startSession(
  db: Db,
  config: SessionConfig,
  userId: string,
  client: SessionClient = NO_CLIENT,
): Promise<string> {
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
    client,
  });
  return token;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Returns the session a token opens, or undefined for a missing, unknown or expired token. */
export async function authenticate(
  {db, sessions}: {db: Db; sessions: SessionStates},
  config: SessionConfig,
  token: string | undefined,
): Promise<Authenticated | undefined> {
  if (!token || !isWellFormedToken(token)) return undefined;
  const hash = hashToken(token);
  // The entry carries the session's times, not a verdict: idle, lifetime and grace are judged below at each use.
  const session = await sessions.get(hash, () => findSessionWithUser(db, hash));
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
    // What is kept of this token no longer says it was replaced: the next request reads it again.
    sessions.drop(hash);
    if (sessionId) return {...base, sessionId, newToken: successor};
  }
  if (now - session.last_used_at.getTime() >= USE_RECORDED_EVERY_MS) {
    await touchSession(db, session.id, nowDate);
    // The next request judges idleness from this use, not from the one kept.
    sessions.drop(hash);
  }
  return base;
}

/** Logout: the token and every token rotated from the same sign-in stop working. */
export async function endSession(
  db: Db,
  config: Pick<Config, 'now'>,
  familyId: string,
  reason: SessionEndReason = 'signed-out',
): Promise<void> {
  await deleteFamily(db, familyId, reason, config.now());
}

/**
 * Why a token that opens no session stopped working, for the 401 that says so: idle or past its lifetime (its
 * row is still there), or the tombstone its end left (signed out elsewhere, password changed...). Only on the
 * refusal path, so a signed-in request pays nothing for it.
 */
export async function sessionEndError(db: Db, config: SessionConfig, token: string | undefined): Promise<ApiError> {
  if (!token || !isWellFormedToken(token)) return new ApiError('UNAUTHORIZED');
  const hash = hashToken(token);
  const times = await findSessionTimes(db, hash);
  let reason: SessionEndReason | undefined;
  if (times) {
    const now = config.now().getTime();
    if (times.replaced_at === null && now >= times.absolute_expires_at.getTime()) reason = 'expired';
    else if (times.replaced_at === null && now - times.last_used_at.getTime() >= config.sessionIdleMs) reason = 'idle';
  } else {
    reason = await findEndedSession(db, hash);
  }
  return new ApiError(reason ? SESSION_END_CODES[reason] : 'UNAUTHORIZED');
}

/** The account's signed-in browsers for Settings, most recently active first. */
export async function listSessions(db: Db, config: SessionConfig, auth: Authenticated): Promise<SessionBody[]> {
  const now = config.now();
  const rows = await listLiveSessions(db, auth.userId, {
    now,
    idleBefore: new Date(now.getTime() - config.sessionIdleMs),
  });
  return rows.map((row) => ({
    id: row.family_id,
    ...describeUserAgent(row.user_agent),
    ipAddress: row.ip_address,
    signedInAt: row.signed_in_at.toISOString(),
    lastActiveAt: row.last_used_at.toISOString(),
    current: row.family_id === auth.familyId,
  }));
}

/** Signs out one of the account's sessions (its next request is told why); 404 for another account's. */
export async function revokeSession(db: Db, config: SessionConfig, auth: Authenticated, id: string): Promise<void> {
  if (!(await familyOfUser(db, auth.userId, id))) throw new ApiError('NOT_FOUND');
  await deleteFamily(db, id, id === auth.familyId ? 'signed-out' : 'revoked', config.now());
}

/** Signs out every session of the account but this one; answers how many ended. */
export async function signOutOtherSessions(db: Db, config: SessionConfig, auth: Authenticated): Promise<number> {
  return deleteOtherFamilies(db, auth.userId, auth.familyId, 'revoked', config.now());
}

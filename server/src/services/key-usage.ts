// Each API key's usage (sessions per day, origins seen, last use) and request log, recorded off the
// SDK's hot path: a session start only appends to this process's batch, and the batch is written in
// one transaction every KEY_USAGE_FLUSH_MS and when the process closes. A crash loses at most that
// interval of usage figures, never a key's state: revocation, expiry and origins are read from the
// database on every request.
import type {Db} from '../db/connect.js';
import {
  originsSeen,
  requestLog,
  sessionsPerDay,
  writeUsageBatch,
  type RequestLogRow,
} from '../repositories/key-usage-repository.js';
import {KEY_ORIGINS_SEEN, KEY_REQUEST_LOG_SIZE, KEY_USAGE_DAYS, REQUEST_OK} from '@intakekit/contract/api-keys';
import type {KeyUsageResponse} from '@intakekit/contract/schemas/keys';

export interface KeyRequest {
  keyId: string;
  at: Date;
  origin: string | null;
  /** REQUEST_OK or the refusal's code. */
  outcome: string;
  status: number;
  latencyMs: number;
  /** False for a request that starts no session (a submit): logged, but not counted in sessions per day. */
  startsSession?: boolean;
}

/** Beyond this many pending entries a batch is written at once rather than at the next tick. */
const BATCH_MAX = 5_000;

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** This process's batch of key usage: record() appends, flush() writes. */
export interface KeyUsageRecorder {
  record(entry: KeyRequest): void;
  /** Writes what is pending; resolves when every entry recorded before the call is in the database. */
  flush(): Promise<void>;
}

/**
 * `written`: awaited after each batch is stored (the change feed's caughtUp), so that once a flush resolves this
 * process has heard the notices of what it wrote: the key list's version on the sessions it keeps included.
 */
export function keyUsageRecorder(
  db: Db,
  onError: (error: unknown) => void,
  written: () => Promise<void> = async () => {},
): KeyUsageRecorder {
  let pending: KeyRequest[] = [];
  let writing: Promise<void> = Promise.resolve();
  const write = async (entries: KeyRequest[]): Promise<void> => {
    try {
      await writeUsageBatch(db, usageBatch(entries), KEY_REQUEST_LOG_SIZE);
      await written();
    } catch (error) {
      // Usage figures are not worth failing requests over; the log says they were lost.
      onError(error);
    }
  };
  const recorder: KeyUsageRecorder = {
    record(entry) {
      pending.push(entry);
      if (pending.length >= BATCH_MAX) void recorder.flush();
    },
    flush() {
      const entries = pending;
      pending = [];
      // One write at a time, in order, so counts add up and the log keeps its order.
      writing = writing.then(() => (entries.length > 0 ? write(entries) : undefined));
      return writing;
    },
  };
  return recorder;
}

/** A batch's entries as the rows they add to: the request log, last use, sessions per day, origins seen. */
function usageBatch(entries: KeyRequest[]) {
  const requests: RequestLogRow[] = entries.map((e) => ({
    key_id: e.keyId,
    at: e.at,
    origin: e.origin,
    outcome: e.outcome,
    status: e.status,
    latency_ms: Math.round(e.latencyMs * 100) / 100,
  }));
  const lastUsed = new Map<string, Date>();
  const sessions = new Map<string, {keyId: string; day: string; count: number}>();
  const origins = new Map<string, {keyId: string; origin: string; count: number; lastSeenAt: Date}>();
  for (const e of entries) {
    const originKey = `${e.keyId} ${e.origin ?? ''}`;
    const seen = origins.get(originKey) ?? {keyId: e.keyId, origin: e.origin ?? '', count: 0, lastSeenAt: e.at};
    seen.count += 1;
    if (e.at > seen.lastSeenAt) seen.lastSeenAt = e.at;
    origins.set(originKey, seen);
    if (e.outcome !== REQUEST_OK) continue;
    const previous = lastUsed.get(e.keyId);
    if (!previous || e.at > previous) lastUsed.set(e.keyId, e.at);
    if (e.startsSession === false) continue;
    const dayKey = `${e.keyId} ${utcDay(e.at)}`;
    const day = sessions.get(dayKey) ?? {keyId: e.keyId, day: utcDay(e.at), count: 0};
    day.count += 1;
    sessions.set(dayKey, day);
  }
  return {requests, lastUsed, sessions: [...sessions.values()], origins: [...origins.values()]};
}

/** A key's usage as GET /api/keys/{id}/usage answers it: every one of the last 30 UTC days, oldest first. */
export async function keyUsage(db: Db, keyId: string, now: Date): Promise<KeyUsageResponse> {
  const days = Array.from({length: KEY_USAGE_DAYS}, (_, i) =>
    utcDay(new Date(now.getTime() - (KEY_USAGE_DAYS - 1 - i) * 86_400_000)),
  );
  const [counts, origins, requests] = await Promise.all([
    sessionsPerDay(db, keyId, days[0]!),
    originsSeen(db, keyId, KEY_ORIGINS_SEEN),
    requestLog(db, keyId, KEY_REQUEST_LOG_SIZE),
  ]);
  const byDay = new Map(counts.map((c) => [c.day, c.sessions]));
  return {
    days: days.map((day) => ({day, sessions: byDay.get(day) ?? 0})),
    origins: origins.map((o) => ({
      origin: o.origin === '' ? null : o.origin,
      lastSeenAt: o.last_seen_at.toISOString(),
      requests: Number(o.requests),
    })),
    requests: requests.map((r) => ({
      at: r.at.toISOString(),
      origin: r.origin,
      outcome: r.outcome,
      status: r.status,
      latencyMs: r.latency_ms,
    })),
  };
}

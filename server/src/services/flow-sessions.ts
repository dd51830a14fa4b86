// Sessions each team flow served, counted off the SDK's hot path as key usage is (services/key-usage.ts): a session
// adds one to this process's tally, and the tally is written in one statement every KEY_USAGE_FLUSH_MS and when the
// process closes. A crash loses at most that interval of counts, which are figures for the Flows page, never state.
import type {Db} from '../db/connect.js';
import {addFlowSessions, type FlowSessionCount} from '../repositories/flow-sessions-repository.js';

export interface FlowSessionRecorder {
  /** One session served by the flow (flows.id) at `at`. */
  record(flowRowId: string, at: Date): void;
  /** Writes what is pending; resolves when every session recorded before the call is in the database. */
  flush(): Promise<void>;
}

export function flowSessionRecorder(db: Db, now: () => Date, onError: (error: unknown) => void): FlowSessionRecorder {
  let pending = new Map<string, FlowSessionCount>();
  let writing: Promise<void> = Promise.resolve();
  const write = async (counts: FlowSessionCount[]): Promise<void> => {
    try {
      await addFlowSessions(db, counts, now());
    } catch (error) {
      // Counts are not worth failing sessions over; the log says a batch was lost.
      onError(error);
    }
  };
  return {
    record(flowRowId, at) {
      const day = at.toISOString().slice(0, 10);
      const key = `${flowRowId} ${day}`;
      const count = pending.get(key) ?? {flow: flowRowId, day, count: 0};
      count.count += 1;
      pending.set(key, count);
    },
    flush() {
      const counts = [...pending.values()];
      pending = new Map();
      // One write at a time, in order.
      writing = writing.then(() => (counts.length > 0 ? write(counts) : undefined));
      return writing;
    },
  };
}

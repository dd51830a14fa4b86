// The SDK's submits, written together. Each submit is answered only once its row is durable, and a durable commit
// waits for the disk: one commit per submit bounded the route (bench: 0.18x of the SELECT 1 route at 10 connections,
// while PostgreSQL on the same machine wrote ten rows a commit five times faster than one). Submits that arrive while
// a write is in flight go together in the next one: one statement, one commit, each still answered after it. A lone
// submit is written at once: nothing waits for a timer.
import type {Db} from '../db/connect.js';
import {insertKeyedSubmissions, type KeyedSubmissionRow, type StoredOnce} from './submission-inserts.js';

/** Rows a statement carries at most (11 parameters each, far under PostgreSQL's 65,535). */
const MAX_ROWS = 200;
/**
 * Statements in flight at once. One: the submits that arrive meanwhile fill the next. Two or four were no faster on
 * PostgreSQL (bench, 10 and 50 connections, 2026-11-27): the rest is the API's own CPU per submit.
 */
const MAX_IN_FLIGHT = 1;

interface Waiting {
  row: KeyedSubmissionRow;
  resolve(stored: StoredOnce): void;
  reject(error: unknown): void;
}

export class SubmissionWriter {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  /** Statements written and submissions in them, for /metrics. */
  readonly counts = {statements: 0, submissions: 0};

  constructor(private readonly db: Db) {}

  /** Stores the row unless its key already has one for its session (see insertKeyedSubmissions). */
  write(row: KeyedSubmissionRow): Promise<StoredOnce> {
    return new Promise((resolve, reject) => {
      this.queue.push({row, resolve, reject});
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      this.inFlight++;
      void this.writeTogether(this.queue.splice(0, MAX_ROWS)).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async writeTogether(batch: Waiting[]): Promise<void> {
    try {
      const stored = await this.insert(batch.map((waiting) => waiting.row));
      batch.forEach((waiting, i) => waiting.resolve(stored[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // A row the database refuses (its key deleted since the key check) must not fail the others: each alone, in
      // the order they came, so a session's first submit is still the one stored when its repeat shares the batch
      // (side by side, either could win).
      for (const waiting of batch) {
        await this.insert([waiting.row]).then(([stored]) => waiting.resolve(stored!), waiting.reject);
      }
    }
  }

  private insert(rows: KeyedSubmissionRow[]): Promise<StoredOnce[]> {
    this.counts.statements++;
    this.counts.submissions += rows.length;
    return insertKeyedSubmissions(this.db, rows);
  }
}

const writers = new WeakMap<Db, SubmissionWriter>();

/** The writer of a database: one per pool, so that every submit of the process can join the next statement. */
export function submissionWriter(db: Db): SubmissionWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new SubmissionWriter(db)));
  return writer;
}

import type {ChildProcess} from 'node:child_process';

export interface StartOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** In error reports; default the command's file name. */
  label?: string;
  /** 'pipe' (default): kept in memory (and `logFile`, `onOutput`); 'inherit': printed by this process's stdout and stderr. */
  output?: 'pipe' | 'inherit';
  /** Every byte the process prints is appended here, in order, as it arrives. */
  logFile?: string;
  /** Called with each piece of output as text (e.g. to echo it with a prefix). */
  onOutput?: (text: string) => void;
  /** Characters of output kept in memory (the tail); default 1,000,000. `Infinity` keeps everything. */
  keep?: number;
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the command could not be started at all. */
  error?: Error;
}

export interface ManagedProcess {
  readonly child: ChildProcess;
  /** The leader's pid, which is also the process group id. */
  readonly pid: number;
  readonly label: string;
  readonly logFile: string | undefined;
  /** Settles when the leader exits (or could not start). */
  readonly done: Promise<ExitStatus>;
  readonly exited: boolean;
  /** What the process printed (stdout and stderr as they came), up to `keep` characters from the end. */
  output(): string;
  /** The last lines of the output (at most 4000 characters), for failure reports. */
  lastOutput(lines?: number): string;
  /** Sends `signal` to the whole group; false when the leader has already exited. */
  signal(signal: NodeJS.Signals): boolean;
  /**
   * SIGTERM to the group, SIGKILL after `graceMs` (default 8000) to whatever is left of it, including members
   * that outlive the leader; resolves once the leader has exited and the group is empty or killed.
   */
  stop(graceMs?: number): Promise<ExitStatus>;
  /** SIGKILL to the group (a crash, as far as the process can tell); resolves with the leader's exit. */
  kill(): Promise<ExitStatus>;
  /** Resolves with the first match of `pattern` in the output; rejects on timeout or exit, with the last output. */
  waitForOutput(pattern: RegExp, options?: {timeoutMs?: number}): Promise<RegExpExecArray>;
}

export interface WaitForUrlOptions {
  /** Default 120,000. */
  timeoutMs?: number;
  /** The process that should answer: the wait fails as soon as it exits, and failures quote its last output. */
  process?: ManagedProcess;
  /** Which statuses count as ready; default any. */
  ready?: (status: number) => boolean;
}

export function startProcess(command: string, args?: readonly string[], options?: StartOptions): ManagedProcess;
export function waitForUrl(url: string, options?: WaitForUrlOptions): Promise<number>;
/** Rejects, naming the port and `what`, when something already listens on it on 127.0.0.1. */
export function assertPortFree(port: number, what: string): Promise<void>;
/** Stops every process started through this module that is still running. */
export function stopAll(graceMs?: number): Promise<void>;
export function groupIsAlive(pgid: number): boolean;

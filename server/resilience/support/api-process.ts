// The real API process (`node --import tsx src/server.ts`), as an operator runs it: its own process
// group (so a SIGKILL reaches everything it started), output kept for diagnostics, a free port.
import {fileURLToPath} from 'node:url';
import {startProcess, type ExitStatus} from '../../../scripts/lib/processes.mjs';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Generous: a slow start on a busy 2-core machine is not what these tests measure. */
const START_DEADLINE_MS = 90_000;

export interface ApiProcessOptions {
  dataDir: string;
  /** Unset: PGlite under dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** The server to run and how: default the TypeScript sources through tsx; a production copy runs dist/server.js. */
  serverDir?: string;
  entry?: string[];
  /** The whole command line instead of node and `entry`, e.g. `npm start -w server` (run in serverDir). */
  command?: string[];
  /** The soft and hard limit on open files (`ulimit -n`), set by a shell that then becomes the process. */
  fileLimit?: number;
  /** How long the process may take to say it listens (default START_DEADLINE_MS). */
  startDeadlineMs?: number;
}

export interface ApiProcess {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Log entries (JSON lines) at level error (50) or above. */
  errorLines(): string[];
  /** Sends the signal to the whole process group and waits for the exit. */
  signal(signal: 'SIGKILL' | 'SIGTERM'): Promise<{code: number | null; signal: NodeJS.Signals | null}>;
  readonly exited: boolean;
}

export async function startApi(options: ApiProcessOptions): Promise<ApiProcess> {
  const entry = options.entry ?? ['--import', 'tsx', 'src/server.ts'];
  // `exec` keeps the pid, so the process group and /proc/<pid> are the API's own.
  const argv = options.command ?? [process.execPath, ...entry];
  const [command, args] =
    options.fileLimit === undefined
      ? [argv[0]!, argv.slice(1)]
      : ['/bin/sh', ['-c', `ulimit -n ${options.fileLimit} && exec "$0" "$@"`, ...argv]];
  const api = startProcess(command, args, {
    cwd: options.serverDir ?? SERVER_DIR,
    label: 'API',
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: '',
      TURNSTILE_SECRET_KEY: '',
      // These tests sign up hundreds of accounts from one address, over as many connections at once.
      AUTH_RATE_LIMIT: '1000000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000000',
      // These tests prove correctness under load, not shedding: a shed request would read as a 5xx.
      LOAD_SHED_EVENT_LOOP_MS: '0',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    // errorLines() reads every line the process printed, from its first.
    keep: Infinity,
  });

  let url: string;
  try {
    const match = await api.waitForOutput(/API listening on (http:\/\/127\.0\.0\.1:\d+)/, {
      timeoutMs: options.startDeadlineMs ?? START_DEADLINE_MS,
    });
    url = match[1]!;
  } catch (error) {
    await api.kill();
    throw error;
  }

  return {
    url,
    pid: api.pid,
    output: () => api.output(),
    errorLines: () => errorLines(api.output()),
    async signal(signal) {
      // kill() also reaches whatever is left of the group once the leader is gone: nothing may outlive the test.
      if (signal === 'SIGKILL') return exitOf(await api.kill());
      api.signal(signal);
      return exitOf(await api.done);
    },
    get exited() {
      return api.exited;
    },
  };
}

/** Stops a process left running by a failed test (used in cleanup hooks). */
export async function ensureStopped(api: ApiProcess | undefined): Promise<void> {
  if (api && !api.exited) await api.signal('SIGKILL');
}

function exitOf({code, signal}: ExitStatus): {code: number | null; signal: NodeJS.Signals | null} {
  return {code, signal};
}

function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.trim()) return false;
    try {
      return ((JSON.parse(line) as {level?: number}).level ?? 0) >= 50;
    } catch {
      // Not a log entry: something printed outside the logger (a crash trace, a database warning).
      return true;
    }
  });
}

// The real API process (`node --import tsx src/server.ts`), as an operator runs it: its own process
// group (so a SIGKILL reaches everything it started), output kept for diagnostics, a free port.
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import {fileURLToPath} from 'node:url';

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
  const child = spawn(process.execPath, options.entry ?? ['--import', 'tsx', 'src/server.ts'], {
    cwd: options.serverDir ?? SERVER_DIR,
    detached: true,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: '',
      TURNSTILE_SECRET_KEY: '',
      // These tests sign up hundreds of accounts from one address.
      AUTH_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid!;
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(pid, 'SIGKILL');
      reject(new Error(`API did not listen within ${START_DEADLINE_MS} ms:\n${tail(output)}`));
    }, START_DEADLINE_MS);
    const onData = () => {
      const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    void exit.then(([code, signal]) => {
      clearTimeout(timer);
      reject(new Error(`API exited during start (code ${code}, signal ${signal}):\n${tail(output)}`));
    });
  });

  return {
    url,
    pid,
    output: () => output,
    errorLines: () => errorLines(output),
    async signal(signal) {
      if (child.exitCode === null && child.signalCode === null) killGroup(pid, signal);
      const [code, received] = await exit;
      // Anything left in the group (there should be nothing) must not outlive the test.
      if (signal === 'SIGKILL') killGroup(pid, 'SIGKILL');
      return {code, signal: received};
    },
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
  };
}

/** Stops a process left running by a failed test (used in cleanup hooks). */
export async function ensureStopped(api: ApiProcess | undefined): Promise<void> {
  if (api && !api.exited) await api.signal('SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // ESRCH: the group is already gone.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
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

export function tail(output: string, lines = 40): string {
  return output.split('\n').slice(-lines).join('\n');
}

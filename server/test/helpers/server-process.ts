// The API as its own process (`src/server.ts` through tsx), for what only a process shows: its start, its exit
// and what it prints. Stopped (SIGKILL) when the test ends if the test did not stop it.
import {spawn} from 'node:child_process';
import {once} from 'node:events';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {onTestFinished} from 'vitest';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM, then the exit code and everything printed. */
  stop(): Promise<{code: number | null; output: string}>;
  kill(): Promise<void>;
}

function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    // A process just started on a busy machine lags while it loads: these tests are about starting and stopping, and
    // a shed health check (503) would read as a failed start (seen at load 15).
    env: {...process.env, PORT: '0', HOST: '127.0.0.1', SMTP_URL: '', LOAD_SHED_EVENT_LOOP_MS: '0', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return {child, output: () => output};
}

/** Starts the API and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const {child, output} = spawnServer(env);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /API listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited early:\n${output()}`)));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return {code, output: output()};
    },
    async kill() {
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}

/** Starts the API expecting it to refuse to start: its exit code and output. */
export async function failedStart(env: Record<string, string>): Promise<{code: number | null; output: string}> {
  const {child, output} = spawnServer(env);
  const [code] = (await once(child, 'exit')) as [number | null];
  return {code, output: output()};
}

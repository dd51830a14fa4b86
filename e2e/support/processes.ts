import {spawn, type ChildProcess} from 'node:child_process';
import {appendFileSync} from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * A child process in its own group, whose output is kept for the failure report and echoed when asked.
 * With `logFile`, every byte it prints is also appended there: the memory copy is capped, and the logs audit
 * must read all of it.
 */
export interface Managed {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  logFile?: string,
): Managed {
  const child = spawn(command, args, {cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    // Synchronous, so the file holds a chunk as soon as it arrived and in the order the process wrote it.
    if (logFile) appendFileSync(logFile, chunk);
    const text = chunk.toString();
    output.push(text);
    if (output.length > 2000) output.shift();
    if (process.env.E2E_VERBOSE) process.stderr.write(`[${label}] ${text}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {child, output, exited};
}

export async function stopProcess(managed: Managed | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!managed || managed.child.exitCode !== null || managed.child.signalCode !== null) return;
  try {
    process.kill(-managed.child.pid!, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-managed.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 8000);
  await managed.exited;
  clearTimeout(timer);
}

export async function waitForHttp(url: string, managed: Managed, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (managed.child.exitCode !== null) {
      throw new Error(
        `process for ${url} exited with ${managed.child.exitCode}:\n${managed.output.join('').slice(-4000)}`,
      );
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${managed.output.join('').slice(-4000)}`);
}

import path from 'node:path';
import {startProcess, type ManagedProcess} from '../../scripts/lib/processes.mjs';

export const ROOT = path.resolve(__dirname, '..', '..');

/**
 * A process of the e2e stack: run from the repository root in its own group, its output kept for the failure
 * report and echoed with E2E_VERBOSE. With `logFile`, every byte it prints is also appended there: the memory
 * copy is only the tail, and the logs audit must read all of it.
 */
export function startStackProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  logFile?: string,
): ManagedProcess {
  const echo = process.env.E2E_VERBOSE ? (text: string) => process.stderr.write(`[${label}] ${text}`) : undefined;
  return startProcess(command, args, {cwd: ROOT, env, label, logFile, onOutput: echo});
}

/** Answers below 500 count: a server that is up but failing (a 503 while it connects) is not ready. */
export const ready = (status: number) => status < 500;

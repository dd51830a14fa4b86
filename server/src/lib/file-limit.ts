// The process's open-file limit (the soft RLIMIT_NOFILE, what `ulimit -n` says), and the connection limit it
// allows. Every connection is a descriptor, and so is every database, Redis and SMTP connection, log file and
// PGlite file: with MAX_CONNECTIONS at or above the file limit, a flood of connections once took the last
// descriptors and the process died on the next file it opened (EMFILE).
import {execFileSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';

/**
 * Descriptors kept free beyond those open when the app is ready: the PostgreSQL pool grows to 10, Redis, SMTP, log
 * files, and PGlite opens more of its files as more tables are used (it holds about 120 once migrated).
 */
export const HEADROOM_DESCRIPTORS = 128;

/** The soft limit on open files in the text of /proc/<pid>/limits; undefined when absent or unlimited. */
export function parseOpenFileLimit(text: string): number | undefined {
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

export interface OpenFileLimit {
  limit: number | undefined;
  source: '/proc/self/limits' | 'ulimit -n' | 'unknown';
}

/**
 * Linux: /proc/self/limits. Elsewhere (macOS, the BSDs) a POSIX shell's `ulimit -n`, which a child inherits from
 * this process. Where neither answers (Windows), unknown: MAX_CONNECTIONS is used as configured.
 */
export function readOpenFileLimit(): OpenFileLimit {
  try {
    const limit = parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8'));
    return {limit, source: '/proc/self/limits'};
  } catch {
    // Not Linux.
  }
  try {
    const output = execFileSync('/bin/sh', ['-c', 'ulimit -n'], {encoding: 'utf8', timeout: 2000}).trim();
    return {limit: /^\d+$/.test(output) ? Number(output) : undefined, source: 'ulimit -n'};
  } catch {
    return {limit: undefined, source: 'unknown'};
  }
}

/** Descriptors this process has open now (/dev/fd lists them on Linux and macOS); undefined where it cannot tell. */
export function openDescriptors(): number | undefined {
  try {
    // Less the one that reading the directory itself holds.
    return readdirSync('/dev/fd').length - 1;
  } catch {
    return undefined;
  }
}

/**
 * MAX_CONNECTIONS, or when lower what the file limit leaves after the descriptors in use and the headroom (at least
 * one). The headroom is HEADROOM_DESCRIPTORS, or a quarter of a small limit (macOS starts shells at 256, which a
 * migrated PGlite alone nearly fills). Descriptors in use that cannot be counted are assumed to be the headroom.
 */
export function connectionLimit(configured: number, fileLimit: number | undefined, inUse: number | undefined): number {
  if (fileLimit === undefined) return configured;
  const headroom = Math.min(HEADROOM_DESCRIPTORS, Math.floor(fileLimit / 4));
  return Math.min(configured, Math.max(1, fileLimit - (inUse ?? headroom) - headroom));
}

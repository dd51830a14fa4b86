// Process groups as the kernel sees them: whether one still has a live member, waiting for it to empty,
// signalling all of it at once. scripts/lib/processes.mjs starts every command in a group of its own.
import {readFileSync, readdirSync} from 'node:fs';

/** Whether any process of group `pgid` is still alive (zombies, which only wait to be reaped, do not count). */
export function groupIsAlive(pgid) {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    // EPERM: the group exists but is not ours to signal.
    return error.code === 'EPERM';
  }
  // kill(2) also reaches zombies, and an init that does not reap (as in some containers) keeps them forever.
  if (process.platform !== 'linux') return true;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // The command name may hold spaces and parentheses; the fields after it start after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

/** Resolves once group `pgid` is empty, or after `ms`. There is no event for it: the group is looked at again. */
export async function groupGone(pgid, ms) {
  const deadline = Date.now() + ms;
  while (groupIsAlive(pgid) && Date.now() < deadline) await delay(20);
}

/** Sends `signal` to the whole group; false when the group is already gone. */
export function signalGroup(pgid, signal) {
  if (pgid === undefined) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

/** Resolves after `ms`, or earlier when `until` settles. */
export function delay(ms, until) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    until?.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

// Child processes for `npm start` / `npm run serve`, the e2e stack, the bench and the resilience tests.
// Each command runs in its own process group, so one signal reaches everything it started (npm, a shell, tsx,
// a browser) and stopping it leaves nothing behind. Every wait has a deadline, and a failed wait says what the
// process printed last: a server that does not come up is diagnosed from the report, not by running it again.
import {spawn} from 'node:child_process';
import {appendFileSync} from 'node:fs';
import {createServer} from 'node:net';
import path from 'node:path';
import {StringDecoder} from 'node:string_decoder';
import {delay, groupGone, groupIsAlive, signalGroup} from './process-groups.mjs';

export {groupIsAlive};

/** Characters of output kept in memory unless told otherwise: the tail, for failure reports. */
const DEFAULT_KEEP = 1_000_000;
const DEFAULT_GRACE_MS = 8000;
/** How often a wait looks again when there is no event to wait for (a URL, a group's last member). */
const POLL_MS = 100;
/** How long a SIGKILLed group may take to disappear before a stop gives up waiting for it. */
const KILL_WAIT_MS = 2000;
/** How long after the leader's exit its output may still arrive while something else holds the pipes open. */
const OUTPUT_WAIT_MS = 250;

/** Processes started here whose leader has not exited yet. */
const running = new Set();
let exitHookInstalled = false;

/**
 * Starts `command` in its own process group.
 * @param {string} command
 * @param {readonly string[]} [args]
 * @param {import('./processes.d.mts').StartOptions} [options]
 * @returns {import('./processes.d.mts').ManagedProcess}
 */
export function startProcess(command, args = [], options = {}) {
  const {
    cwd,
    env = process.env,
    label = path.basename(command),
    output: mode = 'pipe',
    logFile,
    onOutput,
    keep = DEFAULT_KEEP,
  } = options;
  installExitHook();
  const child = spawn(command, [...args], {cwd, env, detached: true, stdio: ['ignore', mode, mode]});

  let text = '';
  const watchers = new Set();
  const capture = (stream) => {
    if (!stream) return;
    const decoder = new StringDecoder('utf8');
    stream.on('data', (chunk) => {
      // Synchronous, so the file holds a chunk as soon as it arrived and in the order the process wrote it.
      if (logFile) appendFileSync(logFile, chunk);
      const piece = decoder.write(chunk);
      if (!piece) return;
      text += piece;
      // Trimmed in batches: slicing on every chunk would copy the whole tail each time.
      if (text.length > keep * 2) text = text.slice(-keep);
      onOutput?.(piece);
      for (const watcher of watchers) watcher();
    });
  };
  capture(child.stdout);
  capture(child.stderr);

  /** Set when the leader exits; `done` settles once its output is complete too. */
  let status;
  let ended = false;
  const done = new Promise((resolve) => {
    const end = () => {
      if (ended) return;
      ended = true;
      resolve(status);
      for (const watcher of watchers) watcher();
    };
    child.once('exit', (code, signal) => {
      status = {code, signal};
      running.delete(managed);
      // Its last words may still be in the pipes: wait for them to close, but not for a member of the group
      // that holds them open after the leader is gone.
      const timer = setTimeout(end, OUTPUT_WAIT_MS);
      child.once('close', () => {
        clearTimeout(timer);
        end();
      });
    });
    // A command that cannot be started (ENOENT, EACCES) emits `error` and never `exit`.
    child.once('error', (error) => {
      if (status) return;
      status = {code: null, signal: null, error};
      running.delete(managed);
      end();
    });
  });

  const output = () => (text.length > keep ? text.slice(-keep) : text);

  const managed = {
    child,
    pid: child.pid,
    label,
    logFile,
    done,
    get exited() {
      return status !== undefined;
    },
    output,
    lastOutput: (lines = 40) => lastLines(output(), lines),
    signal(signal) {
      return status ? false : signalGroup(child.pid, signal);
    },
    async stop(graceMs = DEFAULT_GRACE_MS) {
      if (child.pid === undefined) return done;
      const deadline = Date.now() + graceMs;
      if (!status) signalGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), graceMs);
      await done;
      clearTimeout(timer);
      // The leader is gone; whatever it started that ignored the SIGTERM gets the rest of the grace period.
      if (groupIsAlive(child.pid)) {
        signalGroup(child.pid, 'SIGTERM');
        await groupGone(child.pid, deadline - Date.now());
        if (signalGroup(child.pid, 'SIGKILL')) await groupGone(child.pid, KILL_WAIT_MS);
      }
      return done;
    },
    async kill() {
      if (child.pid === undefined) return done;
      if (!status) signalGroup(child.pid, 'SIGKILL');
      const result = await done;
      // The leader's exit is reported before every member of its group has died: anything left goes too.
      if (signalGroup(child.pid, 'SIGKILL')) await groupGone(child.pid, KILL_WAIT_MS);
      return result;
    },
    waitForOutput(pattern, {timeoutMs = 60_000} = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (match) return settle(() => resolve(match));
          if (ended) {
            settle(() =>
              reject(
                new Error(`${label} ${describeExit(status)} before printing ${pattern}${report(managed)}`, {
                  cause: status.error,
                }),
              ),
            );
          }
        };
        const timer = setTimeout(
          () =>
            settle(() => reject(new Error(`${label} printed no ${pattern} within ${timeoutMs} ms${report(managed)}`))),
          timeoutMs,
        );
        const settle = (fn) => {
          clearTimeout(timer);
          watchers.delete(check);
          fn();
        };
        watchers.add(check);
        check();
      });
    },
  };
  if (child.pid !== undefined) running.add(managed);
  return managed;
}

/**
 * Resolves with the status once `url` answers an HTTP request (any status, or one `ready` accepts); rejects
 * after `timeoutMs`, or as soon as `process` exits, with the process's last output.
 * @param {string} url
 * @param {import('./processes.d.mts').WaitForUrlOptions} [options]
 */
export async function waitForUrl(url, {timeoutMs = 120_000, process: proc, ready = () => true} = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    if (proc?.exited) {
      const status = await proc.done;
      throw new Error(`${proc.label} ${describeExit(status)} before ${url} answered${report(proc)}`, {
        cause: status.error ?? lastError,
      });
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) break;
    try {
      // A server that accepts the connection but never answers must not outlast the deadline.
      const res = await fetch(url, {redirect: 'manual', signal: AbortSignal.timeout(remaining)});
      await res.arrayBuffer();
      if (ready(res.status)) return res.status;
      lastError = new Error(`answered ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await delay(Math.min(POLL_MS, Math.max(0, deadline - Date.now())), proc?.done);
  }
  const why = lastError ? ` (last attempt: ${lastError.message})` : '';
  throw new Error(`${url} did not answer within ${timeoutMs} ms${why}${proc ? report(proc) : ''}`, {cause: lastError});
}

/**
 * Rejects when something already listens on `port` of 127.0.0.1: a server left by an earlier run would otherwise
 * answer the waits and the tests in place of the one about to start (a stack once tested a stale build that way).
 * @param {number} port
 * @param {string} what
 * @returns {Promise<void>}
 */
export function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(
        new Error(
          `Port ${port} (${what}) is already in use on 127.0.0.1: stop what listens there (\`ss -ltnp 'sport = :${port}'\` names it), ` +
            'perhaps a server an interrupted run left behind.',
          {cause: error},
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Stops every process started here that is still running, all at once. */
export async function stopAll(graceMs = DEFAULT_GRACE_MS) {
  await Promise.all([...running].map((managed) => managed.stop(graceMs)));
}

/**
 * A normal exit of this process (the end of a script, `process.exit`, an uncaught exception) takes every group
 * it started with it. A fatal signal skips `exit` handlers: callers that expect SIGINT / SIGTERM handle them
 * and stop their processes themselves.
 */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const managed of running) {
      try {
        process.kill(-managed.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

function describeExit({code, signal, error}) {
  if (error) return `could not start (${error.message})`;
  return `exited (${signal ? `signal ${signal}` : `exit code ${code}`})`;
}

function report(managed) {
  const tail = managed.lastOutput();
  if (tail.trim()) return `; last output of ${managed.label}:\n${tail}`;
  return managed.child.stdout ? `; ${managed.label} printed nothing` : '';
}

function lastLines(text, lines) {
  const tail = text.split('\n').slice(-lines).join('\n');
  return tail.length > 4000 ? tail.slice(-4000) : tail;
}

// The shared process helper against real child processes: small node programs, servers on 127.0.0.1 port 0.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {createServer} from 'node:net';
import {
  assertPortFree,
  groupIsAlive,
  startProcess,
  stopAll,
  waitForUrl,
  type ManagedProcess,
} from './lib/processes.mjs';

const LIB = path.join(__dirname, 'lib', 'processes.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'intakekit-processes-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
afterEach(() => stopAll(1000));

/** Runs `code` with node, in its own group, output captured. */
function node(code: string, options: Parameters<typeof startProcess>[2] = {}): ManagedProcess {
  return startProcess(process.execPath, ['-e', code], {label: 'fixture', ...options});
}

/** A server on 127.0.0.1 port 0 that prints its address once it listens; `status` is what it answers. */
const server = (status = 200, before = '') => `
  ${before}
  const server = require('node:http').createServer((req, res) => { res.statusCode = ${status}; res.end('hi'); });
  server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

/** Alive and not a zombie waiting to be reaped (some containers' init never reaps). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return false;
  }
}

describe('startProcess', () => {
  it('keeps what the process prints and reports how it exited', async () => {
    const p = node(`console.log('out'); console.error('err'); process.exit(3)`);
    expect(await p.done).toEqual({code: 3, signal: null});
    expect(p.exited).toBe(true);
    expect(p.output()).toContain('out\n');
    expect(p.output()).toContain('err\n');
  });

  it('runs the command as the leader of its own process group', async () => {
    const p = node(
      `console.log('pgid=' + require('node:child_process').execSync('ps -o pgid= -p ' + process.pid).toString().trim())`,
    );
    await p.done;
    expect(p.output()).toContain(`pgid=${p.pid}`);
  });

  it('appends every byte to the log file and keeps only the tail in memory', async () => {
    const logFile = path.join(dir, 'tail.log');
    const p = node(`for (let i = 0; i < 2000; i++) console.log('line ' + i)`, {logFile, keep: 100});
    await p.done;
    const logged = readFileSync(logFile, 'utf8');
    expect(logged.split('\n')).toHaveLength(2001);
    expect(p.output().length).toBeLessThanOrEqual(100);
    expect(logged.endsWith(p.output())).toBe(true);
  });

  it('hands each piece of output to onOutput', async () => {
    const pieces: string[] = [];
    const p = node(`console.log('one'); console.log('two')`, {onOutput: (text) => pieces.push(text)});
    await p.done;
    expect(pieces.join('')).toBe('one\ntwo\n');
  });

  it('with inherited output keeps nothing and still reports the exit', async () => {
    const p = node(`process.exit(0)`, {output: 'inherit'});
    expect(await p.done).toEqual({code: 0, signal: null});
    expect(p.output()).toBe('');
  });

  it('reports a command that cannot be started instead of throwing', async () => {
    const p = startProcess(path.join(dir, 'no-such-command'));
    const status = await p.done;
    expect(status.error?.message).toMatch(/ENOENT/);
    await expect(p.waitForOutput(/x/)).rejects.toThrow(/could not start/);
  });
});

describe('waiting', () => {
  it('waitForOutput resolves with the match once the line is printed', async () => {
    const p = node(server());
    const [, url] = await p.waitForOutput(/listening on (http:\S+)/);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('waitForUrl resolves with the status once the process answers', async () => {
    const p = node(server(200));
    const [, url] = await p.waitForOutput(/listening on (http:\S+)/);
    expect(await waitForUrl(`${url}/`, {process: p, timeoutMs: 5000})).toBe(200);
  });

  it('waitForUrl keeps waiting while the answer is not ready, and its timeout quotes the last output', async () => {
    const p = node(server(503, `console.log('warming up the cache');`));
    const [, url] = await p.waitForOutput(/listening on (http:\S+)/);
    const started = Date.now();
    const error = await waitForUrl(`${url}/`, {process: p, timeoutMs: 400, ready: (s) => s < 500}).catch((e) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(error.message).toContain('did not answer within 400 ms (last attempt: answered 503)');
    expect(error.message).toContain('warming up the cache');
  });

  it('waitForUrl fails as soon as the process exits, quoting what it printed', async () => {
    const p = node(`console.error('EADDRINUSE: address already in use'); process.exit(1)`);
    const error = await waitForUrl('http://127.0.0.1:9/', {process: p, timeoutMs: 60_000}).catch((e) => e);
    expect(error.message).toMatch(/^fixture exited \(exit code 1\) before http:\/\/127\.0\.0\.1:9\/ answered/);
    expect(error.message).toContain('EADDRINUSE: address already in use');
  });

  it('waitForOutput times out with the last output', async () => {
    const p = node(`console.log('still starting'); setInterval(() => {}, 1000)`);
    await p.waitForOutput(/still starting/);
    await expect(p.waitForOutput(/listening/, {timeoutMs: 200})).rejects.toThrow(
      /printed no \/listening\/ within 200 ms; last output of fixture:\nstill starting/,
    );
  });

  it('waitForOutput fails as soon as the process exits', async () => {
    const p = node(`console.log('bad config'); process.exit(2)`);
    await expect(p.waitForOutput(/listening/, {timeoutMs: 60_000})).rejects.toThrow(
      /exited \(exit code 2\) before printing \/listening\/; last output of fixture:\nbad config/,
    );
  });
});

describe('stopping', () => {
  it('stop() ends the process with SIGTERM', async () => {
    const p = node(server());
    await p.waitForOutput(/listening/);
    expect(await p.stop()).toEqual({code: null, signal: 'SIGTERM'});
    expect(groupIsAlive(p.pid)).toBe(false);
  });

  it('stop() lets a process shut down cleanly within the grace period', async () => {
    const p = node(
      `process.on('SIGTERM', () => { console.log('closing'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000)`,
    );
    await p.waitForOutput(/ready/);
    expect(await p.stop()).toEqual({code: 0, signal: null});
    expect(p.output()).toContain('closing');
  });

  it('stop() sends SIGKILL once the grace period is over', async () => {
    const p = node(
      `process.on('SIGTERM', () => console.log('ignored')); console.log('ready'); setInterval(() => {}, 1000)`,
    );
    await p.waitForOutput(/ready/);
    expect(await p.stop(300)).toEqual({code: null, signal: 'SIGKILL'});
    expect(p.output()).toContain('ignored');
  });

  it('stop() leaves no orphan: a member that ignores SIGTERM after the leader exits is killed', async () => {
    const p = node(`
      const {spawn} = require('node:child_process');
      const kid = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); console.log('kid ready'); setInterval(() => {}, 1000)"], {stdio: ['ignore', 'inherit', 'inherit']});
      console.log('kid=' + kid.pid);
      setInterval(() => {}, 1000);
    `);
    const [, kid] = await p.waitForOutput(/kid=(\d+)[\s\S]*kid ready/);
    expect(isRunning(Number(kid))).toBe(true);
    await p.stop(300);
    expect(isRunning(Number(kid))).toBe(false);
    expect(groupIsAlive(p.pid)).toBe(false);
  });

  it('a leader that exits while a member holds its output open settles, and stop() clears what it left', async () => {
    const p = node(`
      const kid = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {stdio: 'inherit'});
      console.log('kid=' + kid.pid);
      process.exit(0);
    `);
    expect(await p.done).toEqual({code: 0, signal: null});
    const [, kid] = /kid=(\d+)/.exec(p.output())!;
    expect(isRunning(Number(kid))).toBe(true);
    await p.stop(300);
    expect(isRunning(Number(kid))).toBe(false);
  });

  it('kill() is a SIGKILL to the whole group', async () => {
    const p = node(`process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)`);
    await p.waitForOutput(/ready/);
    expect(await p.kill()).toEqual({code: null, signal: 'SIGKILL'});
    expect(groupIsAlive(p.pid)).toBe(false);
    expect(p.signal('SIGTERM')).toBe(false);
  });

  it('stopAll() stops everything still running', async () => {
    const a = node(server());
    const b = node(server());
    await Promise.all([a.waitForOutput(/listening/), b.waitForOutput(/listening/)]);
    await stopAll();
    expect([a.exited, b.exited]).toEqual([true, true]);
  });

  it('a script that exits without stopping its processes takes them with it', async () => {
    const parent = node(`
      import(${JSON.stringify(LIB)}).then(async ({startProcess}) => {
        const p = startProcess(process.execPath, ['-e', "console.log('up'); setInterval(() => {}, 1000)"]);
        await p.waitForOutput(/up/);
        console.log('child=' + p.pid);
        process.exit(0);
      });
    `);
    expect(await parent.done).toEqual({code: 0, signal: null});
    const [, child] = /child=(\d+)/.exec(parent.output())!;
    // The SIGKILL was sent before the parent exited; the kernel may take a moment to carry it out.
    await vi.waitFor(() => expect(groupIsAlive(Number(child))).toBe(false), {timeout: 2000});
  });
});

describe('assertPortFree', () => {
  it('refuses a port something already listens on, naming it, so a stack never tests what an earlier run left', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const {port} = holder.address() as {port: number};
    try {
      await expect(assertPortFree(port, 'the e2e API')).rejects.toThrow(
        `Port ${port} (the e2e API) is already in use on 127.0.0.1`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    // Free again: the check passes and leaves the port free for the server that follows.
    await expect(assertPortFree(port, 'the e2e API')).resolves.toBeUndefined();
    await expect(assertPortFree(port, 'the e2e API')).resolves.toBeUndefined();
  });
});

// Slow clients: 500 connections each announce a 60,000-byte body for POST /api/auth/logout and send
// it one byte every 5 s, for 25 s, to an API that gives a request 10 s (REQUEST_TIMEOUT_SECONDS; 30 by default, which
// made this test a minute long for the same two rounds of closing); a connection the server closes (its request timed
// out) is opened again at once, as an attacker would. Meanwhile health and sign-in must keep answering within a
// generous factor of their latency measured just before, in this test, on this machine; afterwards the
// process's open file descriptors (/proc/<pid>/fd) must return to about what they were. Load shedding
// is on with its default threshold: slow connections must not make the process shed its users.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {PASSWORD, TURNSTILE, signUp} from './support/accounts.js';
import {ensureStopped, startApi, type ApiProcess} from './support/api-process.js';
import {HttpTally} from './support/http.js';

const CONNECTIONS = 500;
const REQUEST_TIMEOUT_SECONDS = 10;
const ATTACK_MS = 25_000;
const TRICKLE_MS = 5_000;
/** Latency under attack may be this many times the baseline median, plus a fixed allowance. */
const FACTOR = 5;
const ALLOWANCE_MS = 100;
/** Descriptors the process may hold above its baseline once the attack is over (logs, pools, timers). */
const FD_SLACK = 20;

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-slow-clients-'));
let api: ApiProcess | undefined;

afterAll(async () => {
  await ensureStopped(api);
  await fs.rm(work, {recursive: true, force: true});
});

async function openDescriptors(pid: number): Promise<number> {
  return (await fs.readdir(`/proc/${pid}/fd`)).length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One round of what a user does: the health check, then a sign-in. Returns each one's latency. */
async function probe(http: HttpTally, email: string): Promise<{health: number; signIn: number}> {
  let start = performance.now();
  const health = await http.send('GET', '/api/health');
  const healthMs = performance.now() - start;
  expect(health.status).toBe(200);
  start = performance.now();
  const signIn = await http.send('POST', '/api/auth/login', {
    body: {email, password: PASSWORD, turnstileToken: TURNSTILE},
  });
  const signInMs = performance.now() - start;
  expect(signIn.status).toBe(200);
  return {health: healthMs, signIn: signInMs};
}

/** Keeps `count` slow connections open until `until`, reopening those the server closes. */
function slowConnections(port: number, count: number, until: number) {
  const stats = {opened: 0, closedByServer: 0, bytesSent: 0};
  const sockets = new Set<net.Socket>();
  let stopped = false;
  const open = () => {
    if (stopped || Date.now() >= until) return;
    const socket = net.connect(port, '127.0.0.1');
    stats.opened++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('data', () => {});
    socket.on('connect', () => {
      socket.write(
        'POST /api/auth/logout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
      );
    });
    const trickle = setInterval(() => {
      if (socket.writable) {
        socket.write(' ');
        stats.bytesSent++;
      }
    }, TRICKLE_MS);
    socket.on('close', () => {
      clearInterval(trickle);
      sockets.delete(socket);
      if (!stopped) {
        stats.closedByServer++;
        open();
      }
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    stats,
    open: () => sockets.size,
    stop() {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe('slow clients', () => {
  it(`${CONNECTIONS} connections trickling a body for ${ATTACK_MS / 1000} s: health and sign-in keep answering, descriptors return to their baseline`, async () => {
    api = await startApi({
      dataDir: work,
      env: {
        LOGIN_REQUIRES_VERIFIED_EMAIL: 'false',
        LOAD_SHED_EVENT_LOOP_MS: '1000',
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      },
    });
    const port = Number(new URL(api.url).port);
    const http = new HttpTally(api.url);
    const email = 'steady@example.com';
    expect((await signUp(http, email)).status).toBe(201);

    // Baseline: warm up, then measure.
    for (let i = 0; i < 3; i++) await probe(http, email);
    const baseline: Array<{health: number; signIn: number}> = [];
    for (let i = 0; i < 10; i++) baseline.push(await probe(http, email));
    const baseHealth = median(baseline.map((p) => p.health));
    const baseSignIn = median(baseline.map((p) => p.signIn));
    const baseFds = await openDescriptors(api.pid);

    const attackStart = Date.now();
    const attack = slowConnections(port, CONNECTIONS, attackStart + ATTACK_MS);
    let peakFds = baseFds;
    const during: Array<{health: number; signIn: number}> = [];
    try {
      // Every slow connection is open before the measurement starts.
      await expect.poll(() => attack.open(), {timeout: 30_000, interval: 200}).toBeGreaterThanOrEqual(CONNECTIONS);
      while (Date.now() < attackStart + ATTACK_MS) {
        during.push(await probe(http, email));
        peakFds = Math.max(peakFds, await openDescriptors(api.pid));
        // One probe a second: a user's pace, not a second load test.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      attack.stop();
    }
    const attackHealth = median(during.map((p) => p.health));
    const attackSignIn = median(during.map((p) => p.signIn));

    // Once the attackers are gone, the process lets go of their descriptors.
    let afterFds = await openDescriptors(api.pid);
    await expect
      .poll(async () => (afterFds = await openDescriptors(api!.pid)), {timeout: 20_000, interval: 250})
      .toBeLessThanOrEqual(baseFds + FD_SLACK);

    console.log(
      `[resilience] slow clients: ${attack.stats.opened} slow connections opened (${CONNECTIONS} at a time, ` +
        `${attack.stats.closedByServer} closed by the server and reopened, ${attack.stats.bytesSent} trickled bytes); ` +
        `${during.length} probes during ${ATTACK_MS / 1000} s; health median ${baseHealth.toFixed(1)} → ${attackHealth.toFixed(1)} ms, ` +
        `sign-in median ${baseSignIn.toFixed(1)} → ${attackSignIn.toFixed(1)} ms; descriptors ${baseFds} → peak ${peakFds} → ${afterFds}`,
    );
    expect(during.length).toBeGreaterThan(10);
    expect(attackHealth).toBeLessThanOrEqual(baseHealth * FACTOR + ALLOWANCE_MS);
    expect(attackSignIn).toBeLessThanOrEqual(baseSignIn * FACTOR + ALLOWANCE_MS);
    // The attack really held the connections (else this test proves nothing).
    expect(peakFds).toBeGreaterThanOrEqual(baseFds + CONNECTIONS / 2);
    // The server closed the slow requests on its timeout and the attackers came back (twice in 25 s at 10 s each).
    expect(attack.stats.closedByServer).toBeGreaterThanOrEqual(CONNECTIONS);
    expect(http.serverErrors).toEqual([]);
    expect(api.errorLines()).toEqual([]);

    expect((await api.signal('SIGTERM')).code).toBe(0);
  });
});

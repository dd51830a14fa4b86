// Connections as a scarce resource: one client address must not be able to hold them all, and a process whose
// file limit is below its connection limit must not run out of descriptors and crash. Each client address is a
// loopback address of its own (127.0.0.0/8), the API on 127.0.0.1.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {PASSWORD, TURNSTILE} from './support/accounts.js';
import {ensureStopped, startApi, type ApiProcess} from './support/api-process.js';
import {askOn, holdConnections, sendFrom, type HeldConnections} from './support/sockets.js';

/** The default of MAX_CONNECTIONS_PER_ADDRESS (which startApi raises for the other tests). */
const PER_ADDRESS = 50;

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-connection-caps-'));
let api: ApiProcess | undefined;
let attack: HeldConnections | undefined;

afterEach(async () => {
  attack?.close();
  attack = undefined;
  await ensureStopped(api);
});
afterAll(async () => {
  await fs.rm(work, {recursive: true, force: true});
});

async function openDescriptors(pid: number): Promise<number> {
  return (await fs.readdir(`/proc/${pid}/fd`)).length;
}

async function signUpAndIn(url: string, from: string, email: string): Promise<void> {
  const body = {email, password: PASSWORD, turnstileToken: TURNSTILE};
  expect((await sendFrom(from, url, 'POST', '/api/auth/register', body)).status).toBe(201);
  expect((await sendFrom(from, url, 'POST', '/api/auth/login', body)).status).toBe(200);
}

describe('connection caps', () => {
  it('1,100 slow connections from one address: another address still signs in, and the first holds at most its cap', async () => {
    api = await startApi({
      dataDir: path.join(work, 'one-address'),
      env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false', MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS)},
    });
    const port = Number(new URL(api.url).port);
    const body = {email: 'other@example.com', password: PASSWORD, turnstileToken: TURNSTILE};
    expect((await sendFrom('127.0.0.2', api.url, 'POST', '/api/auth/register', body)).status).toBe(201);

    const count = 1100;
    attack = holdConnections({port, count, from: ['127.0.0.1'], then: 'slow'});
    // Every connection was either answered (so the server holds it) or dropped.
    await expect.poll(() => attack!.settled(), {timeout: 60_000, interval: 100}).toBe(count);

    const signIn = await sendFrom('127.0.0.2', api.url, 'POST', '/api/auth/login', body);
    expect(signIn.status).toBe(200);
    expect((await sendFrom('127.0.0.2', api.url, 'GET', '/api/health')).status).toBe(200);
    const held = attack.held();
    console.log(
      `[resilience] connection caps: ${count} slow connections from 127.0.0.1, ${held} held, ${attack.dropped()} dropped; 127.0.0.2 signed in`,
    );
    expect(held).toBeLessThanOrEqual(PER_ADDRESS);
    expect(held).toBeGreaterThan(0);
    attack.close();
    expect(api.errorLines()).toEqual([]);
    expect((await api.signal('SIGTERM')).code).toBe(0);
  });

  it('a process with `ulimit -n 512` under 1,000 connections from 20 addresses stays up, answers, and serves again', async () => {
    const fileLimit = 512;
    api = await startApi({
      dataDir: path.join(work, 'file-limit'),
      env: {LOGIN_REQUIRES_VERIFIED_EMAIL: 'false', MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS)},
      fileLimit,
    });
    const port = Number(new URL(api.url).port);
    const count = 1000;
    const from = Array.from({length: count / PER_ADDRESS}, (_, i) => `127.0.1.${i + 1}`);
    attack = holdConnections({port, count, from, then: 'idle'});
    let peakFds = 0;
    await expect
      .poll(
        async () => {
          if (!api!.exited) peakFds = Math.max(peakFds, await openDescriptors(api!.pid).catch(() => 0));
          return attack!.settled();
        },
        {timeout: 60_000, interval: 100},
      )
      .toBe(count);
    expect(api.exited, `the API exited:\n${api.output().slice(-3000)}`).toBe(false);
    const held = attack.held();
    // While it holds all it may, it still answers on the connections it holds.
    expect(await askOn(attack.anyIdle()!, '/api/health')).toMatch(/^HTTP\/1\.1 200 /);
    peakFds = Math.max(peakFds, await openDescriptors(api.pid));
    console.log(
      `[resilience] file limit ${fileLimit}: ${count} connections from ${from.length} addresses, ${held} held, ` +
        `${attack.dropped()} dropped; peak descriptors ${peakFds}`,
    );
    expect(peakFds).toBeLessThan(fileLimit);

    // Once the connections go, new clients are served by the same process.
    attack.close();
    await expect
      .poll(() => sendFrom('127.0.0.2', api!.url, 'GET', '/api/health').then((r) => r.status, String), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(200);
    await signUpAndIn(api.url, '127.0.0.2', 'after@example.com');
    expect(api.exited).toBe(false);
    expect(api.output()).not.toMatch(/EMFILE/);
    expect((await api.signal('SIGTERM')).code).toBe(0);
  });
});

// File descriptors are what connections, the database pool, Redis and mail all draw from. The connection limit
// leaves room for the rest when the process's open-file limit is low, and running out (EMFILE) is never fatal.
import {execFileSync} from 'node:child_process';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {build} from '../helpers/app.js';
import {
  HEADROOM_DESCRIPTORS,
  connectionLimit,
  parseOpenFileLimit,
  readOpenFileLimit,
} from '../../src/lib/file-limit.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the connection limit and the open-file limit', () => {
  it('is MAX_CONNECTIONS, or what the open-file limit leaves after the descriptors in use and some headroom', () => {
    expect(connectionLimit(1024, undefined, 30)).toBe(1024);
    expect(connectionLimit(1024, 1_048_576, 30)).toBe(1024);
    expect(connectionLimit(1024, 1024, 150)).toBe(1024 - 150 - HEADROOM_DESCRIPTORS);
    expect(connectionLimit(1024, 512, 30)).toBe(512 - 30 - HEADROOM_DESCRIPTORS);
    // Descriptors in use that cannot be counted are assumed to be as many as the headroom.
    expect(connectionLimit(1024, 512, undefined)).toBe(512 - 2 * HEADROOM_DESCRIPTORS);
    expect(connectionLimit(100, 512, 30)).toBe(100);
    // Under 512 the headroom is a quarter of the limit: macOS's default of 256 with PGlite open still serves some.
    expect(connectionLimit(1024, 256, 150)).toBe(256 - 150 - 64);
    // A limit too small to leave any room still accepts one connection at a time rather than none.
    expect(connectionLimit(1024, 64, 60)).toBe(1);
  });

  it('reads the soft open-file limit (what `ulimit -n` says) from /proc/self/limits', () => {
    const sample = [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             63711                63711                processes ',
      'Max open files            512                  4096                 files     ',
    ].join('\n');
    expect(parseOpenFileLimit(sample)).toBe(512);
    expect(parseOpenFileLimit(sample.replace('512   ', 'unlimited'))).toBeUndefined();
    expect(parseOpenFileLimit('nothing here')).toBeUndefined();
    const shell = Number(execFileSync('/bin/sh', ['-c', 'ulimit -n'], {encoding: 'utf8'}).trim());
    expect(readOpenFileLimit()).toEqual({limit: shell, source: '/proc/self/limits'});
  });

  it('logs the connection limit it derived at start', async () => {
    const {logs} = await build();
    const entry = logs.entries().find((e) => e.msg === 'connection limits');
    expect(entry).toMatchObject({
      maxConnections: expect.any(Number),
      openFileLimit: readOpenFileLimit().limit,
      descriptorsInUse: expect.any(Number),
      perClientAddress: 50,
    });
  });
});

describe('running out of descriptors', () => {
  it('keeps answering when the memory reading of load shedding fails with EMFILE, and says so once', async () => {
    const reading = vi.spyOn(process, 'memoryUsage').mockImplementation(() => {
      throw Object.assign(new Error('EMFILE: too many open files, uv_resident_set_memory'), {code: 'EMFILE'});
    });
    const {app, logs} = await build({env: {LOAD_SHED_RSS_MB: '100000'}});
    const warned = () => logs.entries().filter((e) => /memory could not be read/.test(String(e.msg)));
    await expect.poll(() => warned().length, {timeout: 5000, interval: 100}).toBe(1);
    expect((await app.inject({method: 'GET', url: '/api/health'})).statusCode).toBe(200);
    // Still once after two more failed samples.
    const calls = reading.mock.calls.length;
    await expect
      .poll(() => reading.mock.calls.length, {timeout: 5000, interval: 100})
      .toBeGreaterThanOrEqual(calls + 2);
    expect(warned()).toHaveLength(1);
  });
});

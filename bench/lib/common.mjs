// Shared helpers for the bench: paths, ports, child processes (each in its own process group, all
// stopped at the end), medians, figures and the tools installed outside the main lockfile.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, symlinkSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {CHROMIUM_FLAGS} from '../../scripts/lib/chromium.mjs';
import {startProcess as startManaged, stopAll as stopAllManaged, waitForUrl} from '../../scripts/lib/processes.mjs';

export {CHROMIUM_FLAGS, waitForUrl};

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH = path.join(ROOT, 'bench');
export const WORK = path.join(BENCH, '.work');
export const TOOLS = path.join(WORK, 'tools');
export const LOGS = path.join(WORK, 'logs');
export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
export const HOST = '127.0.0.1';

// Every server of the bench listens on 127.0.0.1, ports 14000-14999.
export const PORTS = {
  site: 14000, // the portal's production build (static server)
  bare: 14001, // the bare Docusaurus site's build
  siteApi: 14087, // API behind the portal for page weight, Lighthouse and the SDK
  sdkPage: 14002, // the plain page that embeds the SDK
  loadApiPglite: 14287,
  loadApiPostgres: 14387,
  loadApiPostgresB: 14388, // a second process on the same PostgreSQL: how fast a revocation reaches it
  startSite: 14100, // `npm start` in the start-up section
  startApi: 14187,
  debug: 14222, // Chromium's remote-debugging port for Lighthouse
  webhooksApi: 14487, // the webhooks section's API (PostgreSQL)
  webhookReceiver: 14488, // the clinic's receiver its deliveries go to
};
export const SITE_URL = `http://localhost:${PORTS.site}`;
export const SITE_API_URL = `http://localhost:${PORTS.siteApi}`;

export const TURNSTILE_PLACEHOLDER = 'XXXX.DUMMY.TOKEN.XXXX';
export const BENCH_PASSWORD = 'Bench-Intake-42';

mkdirSync(LOGS, {recursive: true});

export function log(...args) {
  const t = new Date().toISOString().slice(11, 19);
  console.log(`[bench ${t}]`, ...args);
}

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export function round(value, digits = 1) {
  if (value === null || value === undefined || !Number.isFinite(value)) return value ?? null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * One row of the results. `goal` is text ("<= 1.15x bare", ">= 90"); `check(value, ratio)` decides `met`
 * (null when the figure has no goal or could not be measured).
 */
export function figure({
  section,
  name,
  value,
  unit,
  baseline = null,
  baselineValue = null,
  ratio,
  goal = null,
  check,
  note,
}) {
  let r = ratio;
  if (r === undefined) {
    r =
      baselineValue && value !== null && value !== undefined && Number.isFinite(value)
        ? round(value / baselineValue, 2)
        : null;
  }
  let met = null;
  if (check && value !== null && value !== undefined && (typeof value !== 'number' || Number.isFinite(value))) {
    met = Boolean(check(value, r));
  }
  return {section, name, value, unit, baseline, ratio: r, goal, met, ...(note ? {note} : {})};
}

/** A row for something that cannot be measured yet (route missing, tool failed). */
export function unavailable({section, name, unit = '', goal = null, baseline = null, note = 'not yet available'}) {
  return {section, name, value: null, unit, baseline, ratio: null, goal, met: null, note};
}

/**
 * Starts a command in its own process group with its output in bench/.work/logs/<name>.log (and the last
 * 200,000 characters in memory). Returns the process of scripts/lib/processes.mjs: `done`, `stop(graceMs)`.
 */
export function startProcess(name, command, args, {env = process.env, cwd = ROOT} = {}) {
  return startManaged(command, args, {cwd, env, label: name, logFile: path.join(LOGS, `${name}.log`), keep: 200_000});
}

/** Runs a command to completion (own process group); resolves {code, ms, output}. */
export async function runProcess(name, command, args, options = {}) {
  const started = process.hrtime.bigint();
  const child = startProcess(name, command, args, options);
  const {code, signal} = await child.done;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return {code: code ?? signal, ms, output: child.output(), logFile: child.logFile};
}

/** Stops every process the bench started that is still running (by process group id). */
export async function stopAll() {
  await stopAllManaged();
}

const cleanups = [];
export function onCleanup(fn) {
  cleanups.push(fn);
}
export async function cleanupAll() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      log('cleanup failed:', error.message);
    }
  }
  await stopAll();
}

/** Resident set size (kB) of one process, from /proc. */
export function rssKb(pid) {
  const r = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], {encoding: 'utf8'});
  const n = Number(r.stdout.trim());
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The node pid of the API inside a process group started with `node --import tsx ...`. */
export function apiPid(child) {
  return child.pid;
}

/** Installs lighthouse 12 and autocannon into bench/.work/tools (their own lockfile) when missing. */
export function ensureTools() {
  const need = [];
  if (!existsSync(path.join(TOOLS, 'node_modules', 'lighthouse', 'package.json'))) need.push('lighthouse@12');
  if (!existsSync(path.join(TOOLS, 'node_modules', 'autocannon', 'package.json'))) need.push('autocannon');
  if (need.length === 0) return;
  mkdirSync(TOOLS, {recursive: true});
  if (!existsSync(path.join(TOOLS, 'package.json'))) {
    spawnSync('sh', ['-c', `echo '{"name":"intakekit-bench-tools","private":true}' > package.json`], {cwd: TOOLS});
  }
  log(`installing ${need.join(', ')} into bench/.work/tools`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', TOOLS, ...need], {
    cwd: TOOLS,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`npm install ${need.join(' ')} failed`);
}

export const toolsRequire = createRequire(path.join(TOOLS, 'package.json'));
export const rootRequire = createRequire(path.join(ROOT, 'package.json'));

export function toolVersion(name) {
  try {
    return toolsRequire(`${name}/package.json`).version;
  } catch {
    try {
      return rootRequire(`${name}/package.json`).version;
    } catch {
      return null;
    }
  }
}

export async function importTool(name) {
  const resolved = toolsRequire.resolve(name);
  return import(resolved);
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Launches Debian's Chromium through playwright-core. */
export async function launchChromium(extraArgs = []) {
  const {chromium} = await import('playwright-core');
  return chromium.launch({executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...extraArgs], headless: true});
}

let serverRoot;
/**
 * The server/ folder the bench runs: by default a snapshot of the committed server (git HEAD) under
 * bench/.work/snapshot, so that other engineers' edits in progress in the shared tree cannot break or skew
 * a run; BENCH_SERVER=worktree runs the working tree instead, BENCH_SERVER_DIR=<dir> any server/ folder.
 * node_modules is linked to the real one.
 */
export function serverDir() {
  if (serverRoot) return serverRoot;
  if (process.env.BENCH_SERVER_DIR) {
    // An explicit server/ folder (e.g. a patched copy, to try a change before proposing it).
    serverRoot = path.resolve(process.env.BENCH_SERVER_DIR);
    return serverRoot;
  }
  if (process.env.BENCH_SERVER === 'worktree') {
    serverRoot = path.join(ROOT, 'server');
    return serverRoot;
  }
  const sha = spawnSync('git', ['rev-parse', 'HEAD'], {cwd: ROOT, encoding: 'utf8'}).stdout.trim();
  const base = path.join(WORK, 'snapshot', sha.slice(0, 12));
  const dir = path.join(base, 'server');
  if (!existsSync(path.join(dir, 'src', 'server.ts'))) {
    mkdirSync(base, {recursive: true});
    const r = spawnSync('sh', ['-c', `git archive HEAD server | tar -x -C "${base}"`], {cwd: ROOT, stdio: 'inherit'});
    if (r.status !== 0) throw new Error('git archive of server/ failed');
    if (existsSync(path.join(ROOT, 'server', 'node_modules')))
      symlinkSync(path.join(ROOT, 'server', 'node_modules'), path.join(dir, 'node_modules'));
  }
  serverRoot = dir;
  return serverRoot;
}

export function serverCommit() {
  if (process.env.BENCH_SERVER_DIR) return `server from ${process.env.BENCH_SERVER_DIR}`;
  return process.env.BENCH_SERVER === 'worktree'
    ? 'working tree'
    : spawnSync('git', ['rev-parse', '--short', 'HEAD'], {cwd: ROOT, encoding: 'utf8'}).stdout.trim();
}

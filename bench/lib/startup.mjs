// Section 6: time from `npm start` (API + Docusaurus dev server) to both addresses answering, on the warm
// install, median of 3; and the RSS of its API process once it answers (the RSS after the load runs is in
// the API section). Ports 14100/14187, data in bench/.work/data-start.
// Two precautions for a shared tree: Docusaurus' generated files go to bench/.work/generated-start (not
// .docusaurus/), and the SDK that `npm start` rebuilds into static/sdk/v1 is given the API bases the current
// file already holds, so the rebuilt file is the same as the one other engineers are using.
import {existsSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {
  HOST,
  PORTS,
  ROOT,
  WORK,
  figure,
  log,
  median,
  round,
  rssKb,
  sleep,
  startProcess,
  waitForUrl,
} from './common.mjs';

function currentSdkBases() {
  const file = path.join(ROOT, 'static', 'sdk', 'v1', 'intake.js');
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  const env = {};
  for (const name of ['sandbox', 'dev', 'test', 'pro']) {
    const m = new RegExp(`${name}:"(https?://[^"]+)"`).exec(text);
    if (m) env[`SDK_API_BASE_${name.toUpperCase()}`] = m[1];
  }
  return env;
}

/** The API's node process among the descendants of `pid` (npm -> sh -> start.mjs -> server.ts). */
function findApiPid(pid, depth = 0) {
  if (depth > 5) return null;
  let kids = [];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return null;
  }
  for (const kid of kids) {
    try {
      if (readFileSync(`/proc/${kid}/cmdline`, 'utf8').includes('server.ts')) return kid;
    } catch {
      // gone
    }
    const found = findApiPid(kid, depth + 1);
    if (found) return found;
  }
  return null;
}

export async function run({runs = 3}) {
  const dataDir = path.join(WORK, 'data-start');
  const times = [];
  const rss = [];
  const failures = [];
  const env = {
    ...process.env,
    HOST,
    PORT: String(PORTS.startApi),
    SITE_PORT: String(PORTS.startSite),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DOCUSAURUS_GENERATED_FILES_DIR_NAME: path.relative(ROOT, path.join(WORK, 'generated-start')),
    BROWSER: 'none',
    ...currentSdkBases(),
  };
  for (const k of ['DATABASE_URL', 'SMTP_URL', 'API_URL', 'PORTAL_URL']) delete env[k];
  // The first start creates the PGlite data directory (a one-off, ~3-4 s): do it before timing.
  rmSync(dataDir, {recursive: true, force: true});
  for (let i = 0; i <= runs; i++) {
    const started = Date.now();
    const child = startProcess('npm-start', 'npm', ['start'], {env});
    try {
      await Promise.all([
        waitForUrl(`http://${HOST}:${PORTS.startApi}/api/health`, {timeoutMs: 240_000, process: child}),
        waitForUrl(`http://${HOST}:${PORTS.startSite}/`, {timeoutMs: 240_000, process: child}),
      ]);
      const ms = Date.now() - started;
      const api = findApiPid(child.pid);
      if (i === 0) log(`npm start (creating the data directory, not counted): ${round(ms / 1000)} s`);
      else {
        times.push(ms);
        if (api) rss.push(rssKb(api));
        log(`npm start ${i}/${runs}: both addresses answer after ${round(ms / 1000)} s`);
      }
    } catch (error) {
      failures.push(error.message);
      log(`npm start failed: ${error.message}`);
    } finally {
      await child.stop(15_000);
      await sleep(500);
    }
  }
  const figures = [];
  const t = median(times);
  figures.push(
    figure({
      section: 'startup',
      name: '`npm start` to portal and API both answering (warm install)',
      value: t === null ? null : round(t / 1000),
      unit: 's',
      goal: '< 20 s',
      check: (v) => v < 20,
      note: `runs: ${times.map((x) => round(x / 1000)).join(', ')} s${failures.length ? `; failures: ${failures.join('; ')}` : ''}`,
    }),
    figure({
      section: 'startup',
      name: 'API process RSS right after start-up (npm start, PGlite)',
      value: rss.length ? round(median(rss) / 1024, 0) : null,
      unit: 'MB',
    }),
  );
  return {
    figures,
    details: {
      notes: [
        '`npm start` builds the SDK, starts the API (tsx) and the Docusaurus development server (Rspack); the time runs until GET /api/health and GET / both answer. A first start that creates the PGlite data directory runs before the timed ones.',
        'The RSS of the API after the load runs is in section 4.',
      ],
    },
  };
}

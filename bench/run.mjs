#!/usr/bin/env node
// `npm run bench`: measures the portal, the API and the SDK against their baselines in one run and writes
// bench/results.md and bench/results.json. Not part of CI (it takes up to 15 minutes).
//
//   node bench/run.mjs                     every section
//   node bench/run.mjs --only=page-weight  one section (or a comma list); other sections' rows are kept
//   node bench/run.mjs --quick             fewer repetitions and 3-second load runs (for development)
//   node bench/run.mjs --runs=5            repetitions per figure (default 3, medians reported)
//   node bench/run.mjs --out=bench/.work/try  write results there instead of bench/ (with BENCH_SERVER_DIR=...)
//   node bench/run.mjs --api-runs=3        autocannon runs per API cell (default 1: the median of its 1-s samples)
//
// Sections: build-time, page-weight, lighthouse, long-tasks, sdk, api-load, startup, webhooks, flow-editor. Everything runs on 127.0.0.1,
// ports 14000-14999; work files live in bench/.work (gitignored); every process started is stopped at the end.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {BENCH, CHROMIUM, ROOT, cleanupAll, ensureTools, log, serverCommit, toolVersion} from './lib/common.mjs';
import {bareVersion, ensureBareBuild} from './lib/builds.mjs';

const SECTIONS = [
  'build-time',
  'page-weight',
  'lighthouse',
  'long-tasks',
  'sdk',
  'api-load',
  'startup',
  'webhooks',
  'flow-editor',
];

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? true];
  }),
);
const only = args.only ? String(args.only).split(',') : SECTIONS;
for (const s of only)
  if (!SECTIONS.includes(s)) throw new Error(`unknown section "${s}" (one of ${SECTIONS.join(', ')})`);
const quick = Boolean(args.quick);
const runs = Number(args.runs ?? (quick ? 1 : 3));
const options = {runs, quick, full: !args.only, apiRuns: Number(args['api-runs'] ?? 1)};

// --out=<dir>: write the results elsewhere (experiments that must not replace the committed figures).
const outDir = args.out ? path.resolve(String(args.out)) : BENCH;
mkdirSync(outDir, {recursive: true});
const jsonFile = path.join(outDir, 'results.json');
const mdFile = path.join(outDir, 'results.md');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping everything the bench started`);
    await cleanupAll();
    process.exit(130);
  });
}

async function main() {
  const started = Date.now();
  if (only.some((s) => ['lighthouse', 'api-load', 'startup'].includes(s))) ensureTools();
  // The bare baseline is rebuilt in every full run (same run, same machine state).
  if (only.some((s) => ['page-weight', 'lighthouse'].includes(s))) await ensureBareBuild({rebuild: options.full});

  const sectionResults = {};
  const order = SECTIONS.filter((s) => only.includes(s));
  for (const section of order) {
    log(`section ${section}`);
    const t = Date.now();
    const loadBefore = os.loadavg()[0];
    try {
      const mod = await import(`./lib/${section}.mjs`);
      sectionResults[section] = await mod.run(options);
    } catch (error) {
      log(`section ${section} failed: ${error.stack ?? error}`);
      sectionResults[section] = {figures: [], details: {error: String(error.message ?? error)}};
    } finally {
      await cleanupAll();
    }
    sectionResults[section].seconds = Math.round((Date.now() - t) / 1000);
    sectionResults[section].load = [loadBefore, os.loadavg()[0]].map((x) => Math.round(x * 10) / 10);
    log(`section ${section} done in ${sectionResults[section].seconds} s`);
  }

  // Keep the other sections' rows from the previous results when only some sections ran.
  const previous = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : null;
  const figures = [];
  const details = {};
  for (const section of SECTIONS) {
    if (sectionResults[section]) {
      figures.push(...sectionResults[section].figures);
      details[section] = {
        ...sectionResults[section].details,
        seconds: sectionResults[section].seconds,
        loadAverage: sectionResults[section].load,
        date: new Date().toISOString(),
      };
    } else if (previous) {
      figures.push(...previous.figures.filter((f) => f.section === section));
      if (previous.details?.[section]) details[section] = previous.details[section];
    }
  }

  const result = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      node: process.version,
      chromium: chromiumVersion(),
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
    versions: versions(),
    options: {runs, quick, sections: order},
    figures,
    details,
  };
  writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
  const {renderMarkdown} = await import('./lib/report.mjs');
  writeFileSync(mdFile, renderMarkdown(result));
  const written = path.relative(process.cwd(), outDir) || '.';
  log(`wrote ${written}/results.md and ${written}/results.json in ${Math.round((Date.now() - started) / 1000)} s`);
  const unmet = figures.filter((f) => f.met === false);
  log(`${figures.filter((f) => f.met === true).length} goals met, ${unmet.length} not met`);
}

function chromiumVersion() {
  const r = spawnSync(CHROMIUM, ['--version'], {encoding: 'utf8'});
  return (r.stdout || '').trim() || null;
}

function versions() {
  const pkg = (p) => {
    try {
      return JSON.parse(readFileSync(path.join(ROOT, 'node_modules', p, 'package.json'), 'utf8')).version;
    } catch {
      return null;
    }
  };
  return {
    commit: serverCommit(),
    docusaurus: pkg('@docusaurus/core'),
    docusaurusBare: bareVersion(),
    react: pkg('react'),
    fastify: pkg('fastify'),
    kysely: pkg('kysely'),
    pglite: pkg('@electric-sql/pglite'),
    pg: pkg('pg'),
    postgres: postgresVersion(),
    rspack: pkg('@rspack/core'),
    webpack: pkg('webpack'),
    playwrightCore: pkg('playwright-core'),
    lighthouse: toolVersion('lighthouse'),
    autocannon: toolVersion('autocannon'),
  };
}

function postgresVersion() {
  const r = spawnSync('psql', ['--version'], {encoding: 'utf8'});
  return (r.stdout || '').trim() || null;
}

main()
  .catch(async (error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanupAll();
  });

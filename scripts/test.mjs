#!/usr/bin/env node
// `npm test`: unit tests, the portal's integration tests, the API suite, then Playwright end to end against the
// production build in Debian's Chromium. Every suite runs even when an earlier one fails; the summary gives each
// one's wall time and the last line totals them all.
// TEST_SUMMARY_FILE=path also writes the totals as JSON (used by .ci/run to add the tiers it runs beside npm test).
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromiumPath, hasChromium} from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.test-results');
mkdirSync(out, {recursive: true});
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

ensureChromium();

const suites = [
  vitest('unit'),
  vitest('integration'),
  vitest('api', process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'),
  playwright(),
];

console.log('\nSummary');
for (const s of suites)
  console.log(
    `  ${s.name.padEnd(22)} ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''} (${s.seconds} s)`,
  );
for (const name of suites.flatMap((s) => s.failures ?? [])) console.log(`  failed: ${name}`);
const passed = suites.reduce((n, s) => n + s.passed, 0);
const failed = suites.reduce((n, s) => n + s.failed, 0);
if (process.env.TEST_SUMMARY_FILE)
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({passed, failed, suites}, null, 2));
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || suites.some((s) => s.crashed) ? 1 : 0);

function vitest(project, label) {
  const report = path.join(out, `vitest-${project}.json`);
  const name = label ? `${project} (${label})` : project;
  console.log(`\n=== ${name} tests (Vitest) ===`);
  const started = Date.now();
  const run = spawnSync(
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    },
  );
  return fromReport(name, report, run.status, started, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + (r.numTodoTests ?? 0),
    failures: vitestFailures(r),
  }));
}

function playwright() {
  const report = path.join(out, 'playwright.json');
  console.log('\n=== end-to-end tests (Playwright, Chromium) ===');
  const started = Date.now();
  const run = spawnSync(bin('playwright'), ['test'], {
    cwd: root,
    stdio: 'inherit',
    env: {...process.env, E2E_JSON_REPORT: report},
  });
  return fromReport('e2e (Chromium)', report, run.status, started, (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
    failures: playwrightFailures(r),
  }));
}

// The names of the failed tests, each with the start of its error, go into the summary so the last lines of a CI
// log say what broke and where (a CI log may be kept only in part: its end).
function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map((t) => `${path.relative(root, file.name)} > ${t.fullName}${errorStart(t.failureMessages?.[0])}`),
  );
}

/** The first lines of an error, without colour codes, on one line. */
function errorStart(message) {
  if (!message) return '';
  // eslint-disable-next-line no-control-regex
  const lines = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  return `\n      ${lines
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 6)
    .join(' | ')
    .slice(0, 700)}`;
}

function playwrightFailures(report) {
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map((t) => {
          const error = t.results?.at(-1)?.error;
          const where = error?.location ? ` (${path.basename(error.location.file)}:${error.location.line})` : '';
          return `${spec.file} > ${spec.title} [${t.projectName}]${where}${errorStart(error?.message)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return (report.suites ?? []).flatMap(walk);
}

function fromReport(name, file, status, started, count) {
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!existsSync(file)) return {name, seconds, passed: 0, failed: 1, skipped: 0, failures: [], crashed: true};
  try {
    const counts = count(JSON.parse(readFileSync(file, 'utf8')));
    // A runner that crashed after writing a report still fails the run.
    return {
      name,
      seconds,
      ...counts,
      failed: counts.failed + (status !== 0 && counts.failed === 0 ? 1 : 0),
      crashed: status !== 0,
    };
  } catch {
    return {name, seconds, passed: 0, failed: 1, skipped: 0, failures: [], crashed: true};
  } finally {
    // Stale reports from an earlier run must never be counted again.
    writeFileSync(file, '');
  }
}

function ensureChromium() {
  if (hasChromium()) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log(`Chromium is missing at ${chromiumPath()}; installing Debian's chromium package...`);
    const update = spawnSync('apt-get', ['update', '-qq'], {stdio: 'inherit'});
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
      });
    if (install && install.status === 0 && hasChromium()) return;
  }
  console.error(
    `The end-to-end tests need Chromium at ${chromiumPath()}.\n` +
      `Install Debian's package as root: apt-get update && apt-get install -y chromium\n` +
      `or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
  );
  process.exit(1);
}

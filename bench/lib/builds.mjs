// The builds the bench measures and serves, all under bench/.work (nothing in the shared tree is rebuilt):
// - the SDK script and stylesheet, built with sdk/build-options.mjs's esbuild settings but pointed at the
//   bench's API (bench/.work/sdk/v1), copied over sdk/v1 in each portal build;
// - the portal's production build (Rspack by default, webpack with DOCUSAURUS_FASTER=false), with its own
//   generated-files folder and no persistent cache, so every build is cold and never touches .docusaurus/;
// - the bare Docusaurus classic site of the same version (bench/.work/bare), the page-weight and Lighthouse baseline,
//   and beside its home the stock rendering of two guide pages (bare-docs.mjs, under /stock/), Lighthouse's
//   baseline for those pages.
import {createHash} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {browserBuilds} from '../../sdk/build-options.mjs';
import {ROOT, WORK, SITE_URL, SITE_API_URL, log, runProcess} from './common.mjs';
import {ensureStockGuideBuild} from './bare-docs.mjs';

export const SDK_OUT = path.join(WORK, 'sdk', 'v1');
export const BUILD_FASTER = path.join(WORK, 'build-faster');
export const BUILD_WEBPACK = path.join(WORK, 'build-webpack');
export const BARE = path.join(WORK, 'bare');
export const BARE_BUILD = path.join(BARE, 'build');
export const DOCUSAURUS_VERSION = '3.10.2';

export async function buildSdk(apiBase = SITE_API_URL) {
  const esbuild = await import('esbuild');
  const bases = Object.fromEntries(['sandbox', 'dev', 'test', 'pro'].map((env) => [env, apiBase]));
  rmSync(SDK_OUT, {recursive: true, force: true});
  mkdirSync(SDK_OUT, {recursive: true});
  await Promise.all(browserBuilds(SDK_OUT, bases).map((options) => esbuild.build(options)));
  return SDK_OUT;
}

/**
 * `docusaurus build --out-dir <outDir>` of the portal; returns the wall time in ms.
 * @param {{faster: boolean, outDir: string}} options
 */
export async function buildPortal({faster, outDir}) {
  const tag = faster ? 'faster' : 'webpack';
  const gen = path.relative(ROOT, path.join(WORK, `generated-${tag}`));
  rmSync(path.join(ROOT, gen), {recursive: true, force: true});
  rmSync(outDir, {recursive: true, force: true});
  const env = {
    ...process.env,
    API_URL: SITE_API_URL,
    PORTAL_URL: SITE_URL,
    DOCUSAURUS_FASTER: faster ? 'true' : 'false',
    DOCUSAURUS_GENERATED_FILES_DIR_NAME: gen,
    DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
    NODE_ENV: 'production',
  };
  delete env.MARKETING_URL;
  delete env.SDK_CDN_URL;
  const bin = path.join(ROOT, 'node_modules', '.bin', 'docusaurus');
  const result = await runProcess(`build-${tag}`, bin, ['build', '--out-dir', outDir], {env});
  if (result.code !== 0 || !existsSync(path.join(outDir, 'index.html'))) {
    throw new Error(`portal build (${tag}) failed with ${result.code}; see ${result.logFile}`);
  }
  if (!existsSync(path.join(SDK_OUT, 'intake.js'))) await buildSdk();
  rmSync(path.join(outDir, 'sdk', 'v1'), {recursive: true, force: true});
  cpSync(SDK_OUT, path.join(outDir, 'sdk', 'v1'), {recursive: true});
  writeFileSync(path.join(outDir, STAMP), sourceStamp());
  return result.ms;
}

const STAMP = '.bench-source-stamp';

/**
 * What the build was made from: the commit plus a hash of the uncommitted changes and untracked files,
 * so a partial run (--only=lighthouse) rebuilds when the tree moved since the last build instead of
 * measuring a stale one.
 */
function sourceStamp() {
  const git = (args) => spawnSync('git', args, {cwd: ROOT, encoding: 'utf8'}).stdout;
  const hash = createHash('sha256');
  hash.update(git(['rev-parse', 'HEAD']));
  hash.update(git(['diff', 'HEAD']));
  for (const file of git(['ls-files', '--others', '--exclude-standard']).split('\n').filter(Boolean)) {
    hash.update(file);
    if (existsSync(path.join(ROOT, file))) hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

function buildIsCurrent(outDir) {
  const stamp = path.join(outDir, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === sourceStamp();
}

/** Did this config honour DOCUSAURUS_FASTER=false? (Rspack builds name their runtime chunk differently.) */
export function configReadsFasterSwitch() {
  return /DOCUSAURUS_FASTER/.test(readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8'));
}

export async function ensurePortalBuild() {
  const complete =
    existsSync(path.join(BUILD_FASTER, 'login.html')) && existsSync(path.join(BUILD_FASTER, 'sdk', 'v1', 'intake.js'));
  if (complete && buildIsCurrent(BUILD_FASTER)) return;
  await buildSdk();
  log('building the portal (Rspack) into bench/.work/build-faster');
  await buildPortal({faster: true, outDir: BUILD_FASTER});
}

/**
 * Generates, installs and builds the bare classic site once per bench run (reuses the install), then the stock
 * guide pages into its build when they are missing or their sources changed.
 */
export async function ensureBareBuild({rebuild = true} = {}) {
  if (!existsSync(path.join(BARE, 'package.json'))) {
    log(`generating the bare Docusaurus ${DOCUSAURUS_VERSION} classic site in bench/.work/bare`);
    mkdirSync(WORK, {recursive: true});
    const r = await runProcess(
      'bare-create',
      'npx',
      ['--yes', `create-docusaurus@${DOCUSAURUS_VERSION}`, 'bare', 'classic', '--typescript', '--skip-install'],
      {cwd: WORK},
    );
    if (r.code !== 0) throw new Error(`create-docusaurus failed; see ${r.logFile}`);
  }
  const pkgFile = path.join(BARE, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  if (pkg.overrides?.['@docsearch/react'] !== '4.7.0') {
    pkg.overrides = {...pkg.overrides, '@docsearch/react': '4.7.0'};
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  if (!existsSync(path.join(BARE, 'node_modules', '@docusaurus', 'core', 'package.json'))) {
    log('installing the bare site (npm install)');
    const r = await runProcess('bare-install', 'npm', ['install', '--no-audit', '--no-fund'], {cwd: BARE});
    if (r.code !== 0) throw new Error(`npm install in bench/.work/bare failed; see ${r.logFile}`);
  }
  if (rebuild || !existsSync(path.join(BARE_BUILD, 'index.html'))) {
    log('building the bare site');
    rmSync(BARE_BUILD, {recursive: true, force: true});
    const r = await runProcess('bare-build', path.join(BARE, 'node_modules', '.bin', 'docusaurus'), ['build'], {
      cwd: BARE,
      env: {...process.env, NODE_ENV: 'production'},
    });
    if (r.code !== 0) throw new Error(`bare site build failed; see ${r.logFile}`);
  }
  await ensureStockGuideBuild({bare: BARE, bareBuild: BARE_BUILD});
  return BARE_BUILD;
}

export function bareVersion() {
  try {
    return JSON.parse(readFileSync(path.join(BARE, 'node_modules', '@docusaurus', 'core', 'package.json'), 'utf8'))
      .version;
  } catch {
    return null;
  }
}

// Builds the IntakeKit SDK with esbuild:
//   static/sdk/v1/intake.js  minified IIFE for the script tag (+ .map)   static/sdk/v1/intake.css (+ .map)
//   sdk/dist/index.js        ESM for bundlers (+ .map), sdk/dist/*.d.ts from tsc, sdk/dist/intake.css
// API base per environment, injected at build time: SDK_API_BASE (all environments), or SDK_API_BASE_SANDBOX /
// _DEV / _TEST / _PRO for one; default API_URL as `npm start` derives it (from PORT and HOST when unset).
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import * as esbuild from 'esbuild';
import {stackEnv} from '../scripts/lib/stack-env.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const cdnDir = join(root, 'static/sdk/v1');
const distDir = join(here, 'dist');

const fallback = process.env.SDK_API_BASE || stackEnv(process.env).apiUrl;
const bases = Object.fromEntries(
  ['sandbox', 'dev', 'test', 'pro'].map((env) => [
    env,
    (process.env[`SDK_API_BASE_${env.toUpperCase()}`] || fallback).replace(/\/+$/, ''),
  ]),
);
for (const [env, url] of Object.entries(bases)) {
  if (!/^https?:\/\/\S+$/.test(url)) {
    console.error(`sdk build: the API base for "${env}" must be an http(s) URL, received ${JSON.stringify(url)}.`);
    process.exit(1);
  }
}

const common = {
  bundle: true,
  sourcemap: true,
  target: ['es2019', 'chrome90', 'firefox90', 'safari15'],
  define: {__INTAKEKIT_API_BASES__: JSON.stringify(bases)},
  legalComments: 'none',
  logLevel: 'warning',
};

rmSync(cdnDir, {recursive: true, force: true});
rmSync(distDir, {recursive: true, force: true});
mkdirSync(cdnDir, {recursive: true});

await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: [join(here, 'src/browser.ts')],
    outfile: join(cdnDir, 'intake.js'),
    format: 'iife',
    minify: true,
  }),
  esbuild.build({
    ...common,
    entryPoints: [join(here, 'src/styles/intake.css')],
    outfile: join(cdnDir, 'intake.css'),
    minify: true,
  }),
  esbuild.build({
    ...common,
    entryPoints: [join(here, 'src/index.ts')],
    outfile: join(distDir, 'index.js'),
    format: 'esm',
    platform: 'neutral',
  }),
]);
copyFileSync(join(cdnDir, 'intake.css'), join(distDir, 'intake.css'));

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// The declarations name the contract's question types, so they are checked against its build (up to date: no work).
const contract = spawnSync(process.execPath, [tsc, '-b', join(root, 'contract', 'tsconfig.build.json')], {
  stdio: 'inherit',
});
const types =
  contract.status === 0
    ? spawnSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json')], {stdio: 'inherit'})
    : contract;
if (types.status !== 0) {
  console.error('sdk build: tsc failed to emit the type declarations.');
  process.exit(types.status ?? 1);
}

const gzip = (file) => gzipSync(readFileSync(file), {level: 9}).length;
const row = (file, budget) => {
  const raw = readFileSync(file).length;
  const gz = gzip(file);
  const ok = gz <= budget ? 'ok' : `OVER the ${budget} B budget`;
  console.log(
    `  ${relative(root, file).padEnd(26)} ${String(raw).padStart(7)} B  ${String(gz).padStart(6)} B gzip  (${ok})`,
  );
  return gz <= budget;
};
console.log(`sdk build: API bases ${JSON.stringify(bases)}`);
const fits = [
  row(join(cdnDir, 'intake.js'), 15_000),
  row(join(cdnDir, 'intake.css'), 4_000),
  row(join(distDir, 'index.js'), Infinity),
];
if (!fits.every(Boolean)) process.exitCode = 1;

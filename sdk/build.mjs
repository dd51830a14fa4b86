// Builds the IntakeKit SDK with esbuild:
//   static/sdk/v1/intake.js  minified IIFE for the script tag (+ .map)   static/sdk/v1/intake.css (+ .map)
//   sdk/dist/index.js        ESM for bundlers (+ .map), sdk/dist/*.d.ts from tsc, sdk/dist/intake.css
//   static/sdk/v1/intakekit-sdk-<version>.tgz  the npm package (what `npm install <its URL>` installs)
// API base per environment, injected at build time: SDK_API_BASE (all environments), or SDK_API_BASE_SANDBOX /
// _DEV / _TEST / _PRO for one; default API_URL as `npm start` derives it (from PORT and HOST when unset).
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import * as esbuild from 'esbuild';
import {stackEnv} from '../scripts/lib/stack-env.mjs';
import {browserBuilds, sdkBuildOptions} from './build-options.mjs';

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

rmSync(cdnDir, {recursive: true, force: true});
rmSync(distDir, {recursive: true, force: true});
mkdirSync(cdnDir, {recursive: true});

await Promise.all([
  ...browserBuilds(cdnDir, bases).map((options) => esbuild.build(options)),
  esbuild.build({
    ...sdkBuildOptions(bases),
    entryPoints: [join(here, 'src/index.ts')],
    outfile: join(distDir, 'index.js'),
    format: 'esm',
    platform: 'neutral',
  }),
]);
copyFileSync(join(cdnDir, 'intake.css'), join(distDir, 'intake.css'));
// TypeScript 6 checks side-effect imports: `import '@intakekit/sdk/intake.css'` needs a declaration the package
// names in its exports, or a project without a `*.css` declaration of its own fails with TS2882.
const cssDeclaration = "// The stylesheet has no exports: importing it adds the widget's styles.\nexport {};\n";
writeFileSync(join(distDir, 'intake.css.d.ts'), cssDeclaration);

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

const packageFile = await packPackage();

/**
 * The npm package, packed by `npm pack` beside intake.js: index.js (the contract's code is bundled in), one
 * declaration file with the contract's types inlined (dts-bundle-generator), so the package needs nothing but
 * itself, and the stylesheet. Its manifest is written here: the workspace's package.json points at sources and the
 * contract, which a customer's project does not have.
 */
async function packPackage() {
  const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
  const packDir = join(here, '.pack');
  rmSync(packDir, {recursive: true, force: true});
  mkdirSync(packDir, {recursive: true});
  const {generateDtsBundle} = await import('dts-bundle-generator');
  const [declarations] = generateDtsBundle(
    [
      {
        filePath: join(here, 'src/index.ts'),
        libraries: {inlinedLibraries: ['@intakekit/contract']},
        output: {noBanner: true},
      },
    ],
    {preferredConfigPath: join(here, 'tsconfig.build.json')},
  );
  writeFileSync(join(packDir, 'index.d.ts'), declarations);
  for (const file of ['index.js', 'index.js.map', 'intake.css', 'intake.css.d.ts'])
    copyFileSync(join(distDir, file), join(packDir, file));
  writeFileSync(join(packDir, 'README.md'), packageReadme(readFileSync(join(here, 'README.md'), 'utf8')));
  const published = {
    name: manifest.name,
    version: manifest.version,
    description: 'The IntakeKit intake widget: init({container, apiKey, flowId}) renders a healthcare intake flow.',
    license: 'UNLICENSED',
    type: 'module',
    main: './index.js',
    module: './index.js',
    types: './index.d.ts',
    exports: {
      '.': {types: './index.d.ts', import: './index.js', default: './index.js'},
      './intake.css': {types: './intake.css.d.ts', default: './intake.css'},
      './package.json': './package.json',
    },
    sideEffects: ['*.css'],
  };
  writeFileSync(join(packDir, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  const npm = spawnSync('npm', ['pack', '--silent', '--pack-destination', cdnDir], {cwd: packDir, encoding: 'utf8'});
  if (npm.status !== 0) {
    console.error(`sdk build: npm pack failed:\n${npm.stderr}`);
    process.exit(npm.status ?? 1);
  }
  return join(cdnDir, npm.stdout.trim());
}

/**
 * The workspace README as a customer reads it in the package: the addresses of the portal this build serves (not the
 * development default), and without the section on building the SDK from this repository.
 */
function packageReadme(text) {
  const cdnUrl = (process.env.SDK_CDN_URL || `${stackEnv(process.env).portalUrl}/sdk/v1`).replace(/\/+$/, '');
  return text.replaceAll('http://localhost:3000/sdk/v1', cdnUrl).replace(/\n## Build and test\n[\s\S]*$/, '\n');
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
console.log(`  ${relative(root, packageFile)}  ${readFileSync(packageFile).length} B`);
if (!fits.every(Boolean)) process.exitCode = 1;

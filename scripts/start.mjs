#!/usr/bin/env node
// `npm start` (API + Docusaurus dev server) and `npm run serve` (API + the production build in build/).
// Both children run in their own process groups so Ctrl-C stops everything they started.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import path from 'node:path';
import {startProcess, waitForUrl} from './lib/processes.mjs';
import {stackEnv} from './lib/stack-env.mjs';
import {apiEnvFor, apiNotices} from './lib/api-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] === 'serve' ? 'serve' : 'dev';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let stack;
try {
  stack = stackEnv(process.env);
} catch (error) {
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
const {host, port, sitePort, apiUrl, portalUrl, childEnv} = stack;

const compiledServer = path.join(root, 'server', 'dist', 'server.js');
if (mode === 'serve' && (!existsSync(path.join(root, 'build', 'index.html')) || !existsSync(compiledServer))) {
  console.error(
    'No production build in build/ and server/dist/. Run `npm run build` first (it honours API_URL and PORTAL_URL).',
  );
  process.exit(1);
}

const children = [];
let stopping = false;

function run(name, command, args, env) {
  const child = startProcess(command, args, {cwd: root, env, label: name, output: 'inherit'});
  void child.done.then(({code, signal, error}) => {
    if (!stopping) {
      console.error(`${name} stopped (${error?.message ?? signal ?? `exit code ${code}`}); stopping the rest.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // SIGTERM to each group, SIGKILL five seconds later to whatever is left of it.
  void Promise.all(children.map((child) => child.stop(5000))).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const started = Date.now();

if (mode === 'dev') {
  // The demo and Quick Start load the SDK from /sdk/v1; build it once so the dev server can serve it.
  // A short foreground step in this process's own group, so a Ctrl-C during the build reaches it directly.
  const sdk = spawn(process.execPath, [path.join(root, 'sdk', 'build.mjs')], {
    cwd: root,
    env: {...childEnv, SDK_API_BASE: childEnv.SDK_API_BASE || apiUrl},
    stdio: 'inherit',
  });
  const sdkCode = await new Promise((resolve) => sdk.on('exit', resolve));
  if (sdkCode !== 0) {
    console.error('The SDK build failed; see above.');
    process.exit(1);
  }
}

// Development runs the TypeScript through tsx; `serve` runs the compiled server, as production does.
const apiArgs = mode === 'dev' ? ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts')] : [compiledServer];
const apiEnv = apiEnvFor(mode, childEnv);
const api = run('API', process.execPath, apiArgs, apiEnv);
const siteArgs = mode === 'dev' ? ['start', '--port', String(sitePort), '--host', host, '--no-open'] : null;
// The production build is served by our static server (scripts/lib/static-server.mjs explains why).
const site = siteArgs
  ? run('Portal', bin('docusaurus'), siteArgs, childEnv)
  : run(
      'Portal',
      process.execPath,
      [
        path.join(root, 'scripts', 'serve-static.mjs'),
        '--dir',
        path.join(root, 'build'),
        '--port',
        String(sitePort),
        '--host',
        host,
      ],
      childEnv,
    );

try {
  await Promise.all([
    waitForUrl(`http://${hostForFetch(host)}:${port}/api/health`, {process: api}),
    waitForUrl(`http://${hostForFetch(host)}:${sitePort}/`, {process: site, timeoutMs: 300_000}),
  ]);
} catch (error) {
  console.error(error.message);
  stop(1);
}
if (!stopping) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\nIntakeKit is running (${mode === 'dev' ? 'development' : 'production build'}, ready in ${seconds} s):`,
  );
  console.log(`  Portal  ${portalUrl}`);
  console.log(`  API     ${apiUrl}   (health: ${apiUrl}/api/health)`);
  for (const notice of apiNotices(apiEnv)) console.log(`  ${notice}`);
  console.log('Press Ctrl-C to stop both.\n');
}

function hostForFetch(h) {
  return h === '0.0.0.0' ? '127.0.0.1' : h === '::' ? '[::1]' : h.includes(':') ? `[${h}]` : h;
}

import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {API_URL, SITE_URL} from './support/ports';
import {ROOT} from './support/processes';

/** The portal the e2e stack serves: built for the stack's addresses, into .e2e/build (a developer's build/ stays). */
export const BUILD_DIR = path.join(ROOT, '.e2e', 'build');
export const BUILD_ENV = {API_URL, PORTAL_URL: SITE_URL, SDK_API_BASE: API_URL};

/** Builds the SDK and the portal for the e2e addresses. */
export function buildPortal(): void {
  const env = {...process.env, ...BUILD_ENV};
  for (const [command, args] of [
    ['npm', ['run', 'build', '-w', 'sdk']],
    [path.join(ROOT, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', BUILD_DIR]],
  ] as const) {
    const result = spawnSync(command, [...args], {cwd: ROOT, env, stdio: 'inherit'});
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

const PREBUILT_WAIT_MS = 20 * 60_000;

/**
 * CI builds the portal once. The production-build test (server/resilience/production-build.test.ts) builds it
 * from an install without development dependencies, with BUILD_ENV, and copies it to BUILD_DIR; .ci/run writes that
 * test's exit status to the file E2E_PREBUILT_STATUS names when it ends. Waits for the status: true when the test
 * passed and left the build (use it), false when it failed or never ended (build here, so the e2e run still tests).
 */
export async function prebuiltPortal(statusFile: string): Promise<boolean> {
  const end = Date.now() + PREBUILT_WAIT_MS;
  while (!existsSync(statusFile)) {
    if (Date.now() > end) {
      console.log(`e2e: no ${statusFile} after ${PREBUILT_WAIT_MS / 60_000} min: building the portal here`);
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const passed = readFileSync(statusFile, 'utf8').trim() === '0' && existsSync(path.join(BUILD_DIR, 'index.html'));
  console.log(
    passed
      ? `e2e: serving the portal the production-build test built (${path.relative(ROOT, BUILD_DIR)})`
      : 'e2e: the production-build test failed: building the portal here',
  );
  return passed;
}

// `node --import tsx e2e/global-setup-build.ts` prints BUILD_ENV as NAME=value lines, for .ci/run to hand to the
// production-build test.
if (require.main === module) {
  for (const [name, value] of Object.entries(BUILD_ENV)) console.log(`${name}=${value}`);
}

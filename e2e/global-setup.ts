import {spawnSync} from 'node:child_process';
import path from 'node:path';
import type {FullConfig} from '@playwright/test';
import {Stack} from './support/stack';
import {API_URL, SITE_URL} from './support/ports';
import {ROOT} from './support/processes';
import {resetRunFiles} from './support/secrets';

/**
 * Builds the portal for the e2e addresses (into .e2e/build, so a developer's build/ is untouched) and starts
 * the stack. E2E_SKIP_BUILD=1 reuses the last e2e build. The run's logs and secrets record start empty
 * (.e2e/logs, read by e2e/logs.audit.ts).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    const env = {...process.env, API_URL, PORTAL_URL: SITE_URL, SDK_API_BASE: API_URL};
    for (const [command, args] of [
      ['npm', ['run', 'build', '-w', 'sdk']],
      [path.join(ROOT, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', path.join('.e2e', 'build')]],
    ] as const) {
      const result = spawnSync(command, [...args], {cwd: ROOT, env, stdio: 'inherit'});
      if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
    }
  }
  resetRunFiles();
  const stack = new Stack();
  await stack.start();
  return () => stack.stop();
}

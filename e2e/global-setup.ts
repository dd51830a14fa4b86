import type {FullConfig} from '@playwright/test';
import {Stack} from './support/stack';
import {resetRunFiles} from './support/secrets';
import {buildPortal, prebuiltPortal} from './global-setup-build';

/**
 * Builds the portal for the e2e addresses (e2e/global-setup-build.ts) and starts the stack. E2E_SKIP_BUILD=1 reuses
 * the last e2e build; E2E_PREBUILT_STATUS=<file> waits for CI's production-build test to leave one. The run's logs
 * and secrets record start empty (.e2e/logs, read by e2e/logs.audit.ts).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const prebuilt = process.env.E2E_PREBUILT_STATUS;
  if (!process.env.E2E_SKIP_BUILD && !(prebuilt && (await prebuiltPortal(prebuilt)))) buildPortal();
  resetRunFiles();
  const stack = new Stack();
  await stack.start();
  return () => stack.stop();
}

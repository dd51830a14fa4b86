import {DEFAULT_API_URL} from '@intakekit/contract/constants';
import {ENVIRONMENTS} from '@intakekit/contract/flows';
import type {Environment} from './types';

/**
 * API base per environment: the one table. The build injects the values (`SDK_API_BASE`, or per environment
 * `SDK_API_BASE_SANDBOX` / `_DEV` / `_TEST` / `_PRO`; default `API_URL`, then http://localhost:8787), so the reference
 * deployment works offline. Unbuilt sources (unit tests) use the local default.
 */
declare const __INTAKEKIT_API_BASES__: Record<Environment, string> | undefined;

export const API_BASES: Readonly<Record<Environment, string>> =
  typeof __INTAKEKIT_API_BASES__ === 'object' && __INTAKEKIT_API_BASES__
    ? __INTAKEKIT_API_BASES__
    : {sandbox: DEFAULT_API_URL, dev: DEFAULT_API_URL, test: DEFAULT_API_URL, pro: DEFAULT_API_URL};

export {ENVIRONMENTS};

export const DEFAULT_ENV: Environment = 'sandbox';

/** The API base for a config: `apiBase` wins over the table; no trailing slash. */
export function apiBaseFor(env: Environment, override?: string): string {
  return (override ?? API_BASES[env]).replace(/\/+$/, '');
}

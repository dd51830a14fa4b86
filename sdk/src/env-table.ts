import type {Environment} from './types';

/**
 * API base per environment: the one table. The build injects the values (`SDK_API_BASE`, or per environment
 * `SDK_API_BASE_SANDBOX` / `_DEV` / `_TEST` / `_PRO`; default `API_URL`, then http://localhost:8787), so the reference
 * deployment works offline. Unbuilt sources (unit tests) use the local default.
 */
declare const __INTAKEKIT_API_BASES__: Record<Environment, string> | undefined;

const LOCAL = 'http://localhost:8787';

export const API_BASES: Readonly<Record<Environment, string>> =
  typeof __INTAKEKIT_API_BASES__ === 'object' && __INTAKEKIT_API_BASES__
    ? __INTAKEKIT_API_BASES__
    : {sandbox: LOCAL, dev: LOCAL, test: LOCAL, pro: LOCAL};

export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'dev', 'test', 'pro'];

export const DEFAULT_ENV: Environment = 'sandbox';

/** The API base for a config: `apiBase` wins over the table; no trailing slash. */
export function apiBaseFor(env: Environment, override?: string): string {
  return (override ?? API_BASES[env]).replace(/\/+$/, '');
}

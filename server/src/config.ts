// The one place that reads the API's environment. Every value is checked at start against one schema
// (config/schema.ts), so a typo fails loudly with the variable's name instead of misbehaving later.
import {sessionLifetimeProblem, toConfig, trustProxyProblem} from './config/derived.js';
import {readEnv} from './config/read-env.js';
import type {Config} from './config/types.js';

export type {Config} from './config/types.js';
export {redactUrl} from './config/redact-url.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const {values, problems} = readEnv(env);
  for (const problem of [trustProxyProblem(values.TRUST_PROXY), sessionLifetimeProblem(values)]) {
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(values);
}

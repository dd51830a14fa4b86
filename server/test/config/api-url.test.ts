// API_URL unset: the API takes the address `npm start`, `npm run serve` and the portal build derive from HOST and
// PORT (scripts/lib/stack-env.mjs), so that a test inbox URL the portal shows is the one the API delivers to itself.
import {describe, expect, it} from 'vitest';
import {stackEnv} from '../../../scripts/lib/stack-env.mjs';
import {apiEnvFor} from '../../../scripts/lib/api-env.mjs';
import {publicApiUrl} from '../../src/config/derived.js';
import {loadConfig} from '../../src/config.js';

describe('API_URL', () => {
  it('defaults to the address npm start gives the portal, and both start modes pass it to the API', () => {
    for (const [HOST, PORT] of [
      ['127.0.0.1', '8787'],
      ['0.0.0.0', '9090'],
      ['::', '8787'],
      ['api.clinic.test', '8080'],
    ] as const) {
      const {apiUrl, childEnv} = stackEnv({HOST, PORT});
      expect(publicApiUrl({HOST, PORT: Number(PORT)})).toBe(apiUrl);
      for (const mode of ['dev', 'serve'] as const) expect(apiEnvFor(mode, childEnv).API_URL).toBe(apiUrl);
    }
    expect(loadConfig({}).apiUrl).toBe('http://localhost:8787');
    expect(loadConfig({API_URL: 'https://api.clinic.test/'}).apiUrl).toBe('https://api.clinic.test');
    expect(() => loadConfig({API_URL: 'ftp://api.clinic.test'})).toThrow(/API_URL/);
  });
});

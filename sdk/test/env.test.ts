// @vitest-environment happy-dom
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {validateConfig} from '../src/config';
import {API_BASES, ENVIRONMENTS, apiBaseFor} from '../src/env-table';
import {init, type IntakeKitHandle, type ReadyEvent} from '../src/index';
import {startApi, type TestApi} from './helpers';

const base = {container: '#app', apiKey: 'sk_sandbox_123', flowId: 'flow_demo'};

describe('environment table', () => {
  test('has the four environments, each with an API base (local default when not built)', () => {
    expect(ENVIRONMENTS).toEqual(['sandbox', 'dev', 'test', 'pro']);
    for (const env of ENVIRONMENTS) expect(API_BASES[env]).toBe('http://localhost:8787');
  });

  test('env picks its base; sandbox is the default', () => {
    expect(validateConfig(base).env).toBe('sandbox');
    expect(validateConfig(base).apiBase).toBe(API_BASES.sandbox);
    for (const env of ENVIRONMENTS) expect(validateConfig({...base, env}).apiBase).toBe(API_BASES[env]);
  });

  test('apiBase overrides the table; a trailing slash is dropped', () => {
    expect(validateConfig({...base, env: 'pro', apiBase: 'https://api.example.com/'}).apiBase).toBe(
      'https://api.example.com',
    );
    expect(apiBaseFor('dev', '/proxy')).toBe('/proxy');
  });
});

describe('the session call', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const start = (config: Record<string, unknown>): Promise<{handle: IntakeKitHandle; ready: ReadyEvent}> => {
    document.body.innerHTML = '<div id="app"></div>';
    return new Promise((resolve, reject) => {
      const handle = init({...base, apiBase: api.url, ...config} as never);
      handle.on('ready', (ready) => resolve({handle, ready})).on('error', reject);
    });
  };

  test('POSTs {flowId, env} with the key as a bearer token to {apiBase}/api/sdk/sessions', async () => {
    api.requests.length = 0;
    const {handle, ready} = await start({env: 'test'});
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/sdk/sessions',
      body: {flowId: 'flow_demo', env: 'test'},
    });
    expect(api.requests[0]?.headers.authorization).toBe('Bearer sk_sandbox_123');
    expect(api.requests[0]?.headers['content-type']).toBe('application/json');
    expect(ready).toEqual({sessionId: 'ses_test', flowId: 'flow_demo', env: 'sandbox', questionCount: 2});
    handle.destroy();
  });

  test('the older `key` name is sent the same way', async () => {
    api.requests.length = 0;
    const {handle} = await start({apiKey: undefined, key: 'sk_legacy_key', apiBase: api.url + '/'});
    expect(api.requests[0]?.headers.authorization).toBe('Bearer sk_legacy_key');
    expect(api.requests[0]?.path).toBe('/api/sdk/sessions');
    expect(api.requests[0]?.body).toEqual({flowId: 'flow_demo', env: 'sandbox'});
    handle.destroy();
  });
});

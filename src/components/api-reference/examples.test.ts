import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import type {JsonSchema, OperationEntry} from './openapi';
import {curlExample, exampleRequest, exampleValue, javascriptExample, pythonExample} from './examples';

const sessions: OperationEntry = {
  method: 'post',
  path: '/api/sdk/sessions',
  anchor: 'post-api-sdk-sessions',
  operation: {security: [{apiKey: []}]},
};
const sessionsBody: JsonSchema = {
  type: 'object',
  required: ['flowId'],
  properties: {flowId: {type: 'string'}, env: {type: 'string', enum: ['sandbox', 'pro']}},
};
const rotate: OperationEntry = {
  method: 'post',
  path: '/api/keys/{id}/rotate',
  anchor: 'post-api-keys-id-rotate',
  operation: {
    security: [{session: []}],
    parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string', format: 'uuid'}}],
  },
};
const rotateBody: JsonSchema = {
  type: 'object',
  properties: {gracePeriod: {type: 'string', enum: ['now', '1h']}, name: {type: 'string'}},
};

const filled = (code: string) => code.replaceAll('%API_URL%', 'https://api.example');

/** Runs a JavaScript example with a fetch that records what it was asked. */
async function runJavaScript(code: string): Promise<{url: string; init: RequestInit}> {
  let call: {url: string; init: RequestInit} | undefined;
  const fetch = async (url: string, init: RequestInit) => {
    call = {url, init};
    return {json: async () => ({})};
  };
  await new Function('fetch', 'process', `return (async () => {\n${filled(code)}\n})();`)(fetch, {
    env: {INTAKEKIT_TOKEN: 'the-token'},
  });
  return call!;
}

/** Runs a curl example in bash with a curl that prints its arguments, one per line. */
function runCurl(code: string): string[] {
  const script = `curl() { printf '%s\\n' "$@"; }\n${filled(code)}`;
  return execFileSync('bash', ['-c', script], {env: {INTAKEKIT_TOKEN: 'the-token', PATH: process.env.PATH}})
    .toString()
    .trimEnd()
    .split('\n');
}

describe('request examples', () => {
  it('build a body of the required fields (all fields when none is required), with plausible values', () => {
    expect(exampleValue(sessionsBody)).toEqual({flowId: 'new-patient'});
    expect(exampleValue(rotateBody)).toEqual({gracePeriod: 'now', name: 'Ada Lovelace'});
    expect(exampleValue({type: 'string', format: 'email'})).toBe('ada@clinic.example');
    expect(exampleValue({anyOf: [{type: 'null'}, {type: 'integer', minimum: 5}]})).toBe(5);
  });

  it('curl: the method, the address, the bearer key and the JSON body, quoted so a shell passes them on intact', () => {
    const request = exampleRequest(sessions, sessionsBody);
    expect(runCurl(curlExample(request))).toEqual([
      '-X',
      'POST',
      'https://api.example/api/sdk/sessions',
      '-H',
      'Authorization: Bearer YOUR_SANDBOX_KEY',
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"flowId":"new-patient"}',
    ]);
    const rotation = runCurl(curlExample(exampleRequest(rotate, rotateBody)));
    expect(rotation).toContain('https://api.example/api/keys/<id>/rotate');
    expect(rotation).toContain('Authorization: Bearer the-token');
    // Two shells started: on a loaded machine that alone outlasted the default 5 s.
  }, 30_000);

  it('JavaScript: runs as is and sends the same request', async () => {
    const {url, init} = await runJavaScript(javascriptExample(exampleRequest(rotate, rotateBody)));
    expect(url).toBe('https://api.example/api/keys/<id>/rotate');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({Authorization: 'Bearer the-token', 'Content-Type': 'application/json'});
    expect(JSON.parse(init.body as string)).toEqual({gracePeriod: 'now', name: 'Ada Lovelace'});
  });

  it('Python: requests with the method, the credential and the body as Python values', () => {
    const code = pythonExample(exampleRequest(sessions, sessionsBody));
    expect(code).toBe(
      [
        'import requests',
        '',
        'response = requests.post(',
        '    "%API_URL%/api/sdk/sessions",',
        '    headers={"Authorization": "Bearer YOUR_SANDBOX_KEY"},',
        '    json={',
        '        "flowId": "new-patient",',
        '    },',
        '    timeout=10,',
        ')',
        'answer = response.json()',
      ].join('\n'),
    );
    expect(pythonExample(exampleRequest(rotate, rotateBody))).toContain(
      `headers={"Authorization": f"Bearer {os.environ['INTAKEKIT_TOKEN']}"}`,
    );
  });
});

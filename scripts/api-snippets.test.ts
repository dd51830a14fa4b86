/**
 * The Quick Start's server-side call (docs/quick-start.mdx, "Python usage" and its curl and JavaScript tabs), run as a
 * reader would run it: the curl command in bash (with a curl that prints what it was given) and the JavaScript as an
 * ES module body (with a fetch that records the request). Both must send what the Python one sends.
 */
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, snippet} from './lib/snippet-check';

const page = readFileSync(path.join(ROOT, 'docs', 'quick-start.mdx'), 'utf8');
const API = 'https://api.clinic.example';
const KEY = 'the-sandbox-key';
const filled = (code: string) => code.replaceAll('%API_URL%', API);

describe("the Quick Start's server-side call", () => {
  it('Python: posts the flow and the environment with the key as a bearer token', () => {
    const python = snippet(page, 'create_session.py');
    expect(python).toContain('f"{API_URL}/api/sdk/sessions"');
    expect(python).toContain('json={"flowId": "new-patient", "env": "sandbox"}');
  });

  it('curl: sends the same request, quoted so bash passes it on intact', () => {
    const script = `curl() { printf '%s\\n' "$@"; }\n${filled(snippet(page, 'create-session.sh'))}`;
    const args = execFileSync('bash', ['-c', script], {env: {INTAKEKIT_API_KEY: KEY, PATH: process.env.PATH}})
      .toString()
      .trimEnd()
      .split('\n');
    expect(args).toEqual([
      '-X',
      'POST',
      `${API}/api/sdk/sessions`,
      '-H',
      `Authorization: Bearer ${KEY}`,
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"flowId": "new-patient", "env": "sandbox"}',
    ]);
  });

  it('JavaScript: runs as is, sends the same request and prints the questions', async () => {
    const calls: Array<{url: string; init: RequestInit}> = [];
    const printed: unknown[][] = [];
    const fetch = async (url: string, init: RequestInit) => {
      calls.push({url, init});
      return {
        ok: true,
        status: 200,
        json: async () => ({sessionId: 's1', flowId: 'new-patient', questions: [{question: 'Why?', type: 'text'}]}),
      };
    };
    const consoleStub = {log: (...args: unknown[]) => printed.push(args)};
    await new Function(
      'fetch',
      'process',
      'console',
      `return (async () => {\n${filled(snippet(page, 'create-session.mjs'))}\n})();`,
    )(fetch, {env: {INTAKEKIT_API_KEY: KEY}}, consoleStub);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${API}/api/sdk/sessions`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toEqual({Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json'});
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({flowId: 'new-patient', env: 'sandbox'});
    expect(printed).toEqual([
      ['Session', 's1', 'for flow', 'new-patient'],
      ['-', 'Why?', '(text)'],
    ]);
  });
});

import {createServer, type IncomingHttpHeaders} from 'node:http';
import type {AddressInfo} from 'node:net';
import type {OptionValue} from '../src/types';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface TestApi {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** A choice question's options from [label, value] pairs. */
export const choices = (...pairs: Array<[string, OptionValue]>) => pairs.map(([label, value]) => ({label, value}));

export const SAMPLE_QUESTIONS = [
  {
    id: 'reason',
    question: 'What brings you in today?',
    type: 'singleChoice',
    required: true,
    options: choices(['Check-up', 'checkup'], ['Illness', 'illness']),
  },
  {id: 'allergies', question: 'Do you have any allergies?', type: 'yesNo', required: true},
];

export const TEST_SUBMISSION_ID = '5d0c7a8e-2f4b-4d7e-9a51-3b6f0e2c9d14';

/** A real HTTP server on 127.0.0.1:0 that stands in for the SDK's two calls (CORS like the API). */
export async function startApi(
  reply: (req: Recorded) => Reply = (req) =>
    req.path === '/api/sdk/submissions'
      ? {status: 201, body: {submissionId: TEST_SUBMISSION_ID, receivedAt: '2026-01-15T09:10:00.000Z'}}
      : {
          status: 200,
          body: {
            sessionId: 'ses_test',
            sessionToken: 'tok_test',
            flowId: 'flow_demo',
            env: 'sandbox',
            questions: SAMPLE_QUESTIONS,
          },
        },
): Promise<TestApi> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // keep the raw text
      }
      const recorded: Recorded = {method: req.method ?? '', path: req.url ?? '', headers: req.headers, body};
      requests.push(recorded);
      const out = reply(recorded);
      res
        .writeHead(out.status, {
          'Content-Type': 'application/json',
          'Access-Control-Expose-Headers': 'Retry-After',
          ...out.headers,
        })
        .end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL where nothing listens: a server is started, its port noted, then closed. */
export async function deadUrl(): Promise<string> {
  const api = await startApi();
  await api.close();
  return api.url;
}

// The guide's "Receive submissions" page (docs/receive-submissions.mdx), run as a reader runs it: each language's
// snippet, taken from the page as it shows it, against a real API listening on loopback with a server key, reads
// every submission as FHIR and deletes it. The page's example resource is what the API stores for its answers.
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it, onTestFinished} from 'vitest';
import {snippet} from '../../../scripts/lib/code-blocks.mjs';
import {build, type TestContext} from '../helpers/app.js';
import {authed} from '../helpers/accounts.js';
import {buildQuestionnaireResponse} from '../../src/lib/fhir/questionnaire-response.js';
import {clinic, NEW_PATIENT, PRIVATE_ANSWERS} from '../submissions/submissions-helpers.js';

const run = promisify(execFile);
const PAGE = readFileSync(new URL('../../../docs/receive-submissions.mdx', import.meta.url), 'utf8');

interface Reader {
  ctx: TestContext;
  apiUrl: string;
  serverKey: string;
  ids: string[];
  /** The submissions the server key still lists. */
  listed(): Promise<string[]>;
}

/** A clinic's API on loopback with `count` sandbox submissions and a sandbox server key. */
async function reader(count: number): Promise<Reader> {
  const ctx = await build();
  const acme = await clinic(ctx, 'owner@example.com', 'Acme');
  const created = await authed(ctx.app, acme.session, 'POST', '/api/server-keys', {
    environment: 'sandbox',
    name: 'EHR',
  });
  expect(created.statusCode).toBe(201);
  const serverKey = created.json().apiKey as string;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ctx.clock.advance(1000);
    ids.push((await acme.submit()).id);
  }
  const apiUrl = await ctx.app.listen({host: '127.0.0.1', port: 0});
  onTestFinished(() => ctx.app.close());
  return {
    ctx,
    apiUrl,
    serverKey,
    ids,
    async listed() {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/submissions',
        headers: {authorization: `Bearer ${serverKey}`},
      });
      expect(res.statusCode).toBe(200);
      return (res.json().submissions as {id: string}[]).map((s) => s.id);
    },
  };
}

/** Writes the page's snippet with the API's address filled in, as the guide fills it for a signed-in reader. */
async function scriptFile(title: string, apiUrl: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intakekit-guide-'));
  onTestFinished(() => fs.rm(dir, {recursive: true, force: true}));
  const file = path.join(dir, title);
  await fs.writeFile(file, snippet(PAGE, title).replaceAll('%API_URL%', apiUrl));
  return file;
}

const env = (r: Reader, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  INTAKEKIT_SERVER_KEY: r.serverKey,
  ...extra,
});

describe('the guide\'s "Receive submissions" page, run against a real API', () => {
  it('curl: lists the newest page, reads one as FHIR, deletes it', async () => {
    const r = await reader(2);
    const [older, newest] = r.ids;
    const file = await scriptFile('receive-submissions.sh', r.apiUrl);
    const {stdout} = await run('bash', [file], {env: env(r, {SUBMISSION_ID: newest!})});
    // curl prints each answer as it came: the list, then the resource, then nothing for the 204.
    const cut = stdout.indexOf('{"resourceType"');
    expect(JSON.parse(stdout.slice(0, cut)).submissions.map((s: {id: string}) => s.id)).toEqual([newest, older]);
    expect(JSON.parse(stdout.slice(cut))).toMatchObject({resourceType: 'QuestionnaireResponse', id: newest});
    expect(await r.listed()).toEqual([older]);
  });

  // One more than a page: the snippets follow nextCursor.
  it('JavaScript: reads every submission as FHIR and deletes each, across pages', async () => {
    const r = await reader(51);
    const file = await scriptFile('receive-submissions.mjs', r.apiUrl);
    const {stdout} = await run(process.execPath, [file], {env: env(r)});
    const items = NEW_PATIENT.questions.length;
    expect(stdout.trim().split('\n')).toEqual([...r.ids].reverse().map((id) => `new-patient ${id} ${items} items`));
    expect(await r.listed()).toEqual([]);
  });

  it('Python: reads every submission as FHIR and deletes each across pages, with the standard library only', async () => {
    const r = await reader(51);
    const file = await scriptFile('receive_submissions.py', r.apiUrl);
    const {stdout} = await run('python3', [file], {env: env(r)});
    const items = NEW_PATIENT.questions.length;
    expect(stdout.trim().split('\n')).toEqual([...r.ids].reverse().map((id) => `new-patient ${id} ${items} items`));
    expect(await r.listed()).toEqual([]);
  });

  it("shows the resource the API stores for the example's answers", () => {
    const shown = JSON.parse(snippet(PAGE, 'QuestionnaireResponse'));
    const stored = buildQuestionnaireResponse({
      id: shown.id,
      questionnaireUrl: shown.questionnaire.split('|')[0],
      flow: NEW_PATIENT,
      answers: {
        ...PRIVATE_ANSWERS,
        visitReason: 'symptoms',
        symptoms: ['fever', 'cough'],
        dateOfBirth: '1980-04-02',
        allergies: false,
        notes: '',
      },
      authored: new Date(shown.authored),
    });
    expect(stored).toEqual(shown);
  });
});

// @vitest-environment happy-dom
import {afterEach, describe, expect, test, vi} from 'vitest';
import {SUBMISSION_CODES} from '@intakekit/contract/submission-errors';
import {init, type CompleteEvent, type IntakeKitConfig, type IntakeKitHandle, type QuestionInput} from '../src/index';
import {TEST_SUBMISSION_ID, startApi, type Recorded, type Reply, type TestApi} from './helpers';

const QUESTIONS: QuestionInput[] = [
  {id: 'name', question: 'Your full name', type: 'text'},
  {id: 'smoker', question: 'Do you smoke?', type: 'yesNo'},
];
const SUBMISSION_ID = TEST_SUBMISSION_ID;
const STORED: Reply = {status: 201, body: {submissionId: SUBMISSION_ID, receivedAt: '2026-01-15T09:10:00.000Z'}};
const SESSION: Reply = {
  status: 200,
  body: {sessionId: 'ses_1', sessionToken: 'tok_1', flowId: 'flow_demo', env: 'sandbox', questions: []},
};

let api: TestApi | undefined;
let handle: IntakeKitHandle | undefined;
afterEach(async () => {
  vi.useRealTimers();
  handle?.destroy();
  handle = undefined;
  document.body.innerHTML = '';
  await api?.close();
  api = undefined;
});

const $ = <T extends Element = HTMLElement>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  return el;
};
const finishButton = (): HTMLButtonElement => $<HTMLButtonElement>('.ik-nav button[type="submit"]');
const submits = (): Recorded[] => api?.requests.filter((r) => r.path === '/api/sdk/submissions') ?? [];

/** A stand-in API: the session call answers SESSION, each submit the next of `replies` (the last one repeats). */
async function mountAndFinish(
  replies: Reply[],
  config: Partial<IntakeKitConfig> = {},
): Promise<{completed: CompleteEvent[]; errors: Array<Error & {code?: string}>}> {
  let n = 0;
  api = await startApi((req) =>
    req.path === '/api/sdk/sessions' ? SESSION : (replies[Math.min(n++, replies.length - 1)] as Reply),
  );
  document.body.innerHTML = '<main><div id="app"></div></main>';
  const completed: CompleteEvent[] = [];
  const errors: Array<Error & {code?: string}> = [];
  const h = init({
    container: '#app',
    apiKey: 'ik_sandbox_1',
    flowId: 'flow_demo',
    apiBase: api.url,
    questions: QUESTIONS,
    ...config,
  });
  handle = h;
  h.on('complete', (e) => completed.push(e)).on('error', (e) => errors.push(e));
  await new Promise((resolve) => h.on('ready', resolve));
  $<HTMLInputElement>('fieldset input').value = 'Ada';
  finishButton().click();
  document.querySelectorAll<HTMLInputElement>('fieldset input')[1]?.click(); // No
  finishButton().focus();
  finishButton().click();
  return {completed, errors};
}

describe('submit on the last step', () => {
  test('sends the answers with the session token and the inline questions; a sending state; complete after the store', async () => {
    const {completed} = await mountAndFinish([STORED]);
    const button = finishButton();
    expect(button.textContent).toBe('Sending…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect($('form.ik-step').getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
    expect(completed).toEqual([]);
    await vi.waitFor(() => expect(completed).toHaveLength(1));
    expect(completed[0]).toEqual({
      sessionId: 'ses_1',
      flowId: 'flow_demo',
      submissionId: SUBMISSION_ID,
      answers: {name: 'Ada', smoker: 'no'},
    });
    const session = api!.requests.find((r) => r.path === '/api/sdk/sessions')!;
    const [submit] = submits();
    expect(submit?.headers.authorization).toBe('Bearer ik_sandbox_1');
    expect(submit?.body).toEqual({
      sessionToken: 'tok_1',
      answers: {name: 'Ada', smoker: 'no'},
      questions: (session.body as {questions: unknown}).questions,
    });
    expect((session.body as {questions: Array<{id: string}>}).questions.map((q) => q.id)).toEqual(['name', 'smoker']);
    expect($('.ik-title').textContent).toBe('Thank you');
    expect($('.ik-note').textContent).toBe(`Sandbox mode: your answers were received as submission ${SUBMISSION_ID}.`);
  });

  test('a flow without inline questions sends no questions', async () => {
    api = await startApi((req) =>
      req.path === '/api/sdk/sessions'
        ? {
            status: 200,
            body: {...(SESSION.body as object), questions: [{id: 'n', question: 'Name', type: 'text', required: true}]},
          }
        : STORED,
    );
    document.body.innerHTML = '<div id="app"></div>';
    const done = new Promise<CompleteEvent>((resolve) => {
      handle = init({container: '#app', apiKey: 'k', flowId: 'f', apiBase: api!.url, onComplete: resolve});
      handle.on('ready', () => {
        $<HTMLInputElement>('fieldset input').value = 'Grace';
        finishButton().click();
      });
    });
    expect((await done).submissionId).toBe(SUBMISSION_ID);
    expect(api.requests.map((r) => r.body)).toEqual([
      {flowId: 'f', env: 'sandbox'},
      {sessionToken: 'tok_1', answers: {n: 'Grace'}},
    ]);
  });

  test('a 503 is retried after a second and the same answers are stored once', async () => {
    const {completed} = await mountAndFinish([{status: 503, body: {}}, STORED]);
    await vi.waitFor(() => expect(submits()).toHaveLength(1));
    await vi.waitFor(() => expect($('.ik-send').textContent).toMatch(/^Could not send your answers\. Trying again/));
    await vi.waitFor(() => expect(completed).toHaveLength(1), {timeout: 3000});
    expect(submits().map((r) => r.body)).toEqual([submits()[0]?.body, submits()[0]?.body]);
  });

  test('gives up after a few attempts: an error with Try again, which resends the same answers and token', async () => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
    const failing: Reply = {status: 502, body: {}};
    const {completed, errors} = await mountAndFinish([failing, failing, failing, failing, STORED]);
    for (const [attempt, wait] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ] as const) {
      await vi.waitFor(() => expect(submits()).toHaveLength(attempt));
      await vi.waitFor(() => expect($('.ik-send').textContent).toContain(`Trying again in ${wait / 1000} s`));
      vi.advanceTimersByTime(wait);
    }
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(submits()).toHaveLength(4);
    expect(errors[0]?.code).toBe('SERVER_ERROR');
    // The patient reads where the answers are; the developer's detail is in the error event.
    const alert = $('.ik-send [role="alert"]');
    expect(alert.querySelector('p')?.textContent).toBe(
      'Your answers could not be sent yet. They are kept on this page: check your connection, then choose Try again.',
    );
    expect(finishButton().textContent).toBe('Finish');
    const retry = $<HTMLButtonElement>('.ik-send [role="alert"] button');
    expect(retry.textContent).toBe('Try again');
    expect(document.activeElement).toBe(retry);
    retry.click();
    expect(finishButton().textContent).toBe('Sending…');
    expect(document.activeElement).toBe(finishButton());
    await vi.waitFor(() => expect(completed).toHaveLength(1));
    expect(new Set(submits().map((r) => JSON.stringify(r.body))).size).toBe(1);
  });

  test('429 waits for Retry-After before the next attempt', async () => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
    const {completed} = await mountAndFinish([{status: 429, headers: {'Retry-After': '3'}, body: {}}, STORED]);
    await vi.waitFor(() => expect(submits()).toHaveLength(1));
    await vi.waitFor(() => expect($('.ik-send').textContent).toContain('Trying again in 3 s'));
    vi.advanceTimersByTime(2900);
    await new Promise((r) => setImmediate(r));
    expect(submits()).toHaveLength(1);
    vi.advanceTimersByTime(100);
    await vi.waitFor(() => expect(completed).toHaveLength(1));
    expect(submits()).toHaveLength(2);
  });

  test.each([
    {
      status: 401,
      code: 'INVALID_SESSION' as const,
      message: 'The form session has expired or is not valid. Reload the page.',
    },
    {
      status: 422,
      code: 'INVALID_ANSWERS' as const,
      message: "Some answers do not fit the flow's questions: name must be at most 10,000 characters.",
    },
  ])(
    '$status $code is not retried: the catalogue message shown, the error event with the code',
    async ({status, code, message}) => {
      const {completed, errors} = await mountAndFinish([{status, body: {error: {code, message}}}, STORED]);
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(errors[0]?.code).toBe(code);
      expect(errors[0]?.message).toBe(`IntakeKit: ${message}`);
      expect($('.ik-send [role="alert"] p').textContent).toBe(SUBMISSION_CODES[code].message);
      expect(document.querySelector('.ik-send [role="alert"] button')).toBeNull();
      await new Promise((r) => setTimeout(r, 1200));
      expect(submits()).toHaveLength(1);
      expect(completed).toEqual([]);
    },
  );
});

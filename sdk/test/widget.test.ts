// @vitest-environment happy-dom
import {afterAll, afterEach, beforeAll, describe, expect, test, vi} from 'vitest';
import {init, type CompleteEvent, type IntakeKitConfig, type IntakeKitHandle, type QuestionInput} from '../src/index';
import {$, $$, back, next, title} from './dom';
import {SAMPLE_QUESTIONS, TEST_SUBMISSION_ID, choices, deadUrl, startApi, type TestApi} from './helpers';

const QUESTIONS: QuestionInput[] = [
  {
    id: 'visit',
    question: 'Reason for your visit?',
    type: 'singleChoice',
    options: choices(['Check-up', 'checkup'], ['Illness', 'illness'], ['Injury', 3]),
  },
  {
    id: 'symptoms',
    question: 'Which symptoms do you have?',
    type: 'multiChoice',
    options: choices(['Fever', 'fever'], ['Cough', 'cough'], ['Headache', 'headache']),
  },
  {id: 'name', question: 'Your full name', type: 'text'},
  {id: 'dob', question: 'Date of birth', type: 'date'},
  {id: 'smoker', question: 'Do you smoke?', type: 'yesNo'},
];

let api: TestApi;
let handle: IntakeKitHandle | undefined;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());
afterEach(() => {
  handle?.destroy();
  handle = undefined;
  document.body.innerHTML = '';
});

/** Mounts into #app and resolves once the first question is shown. */
async function mount(config: Partial<IntakeKitConfig> = {}): Promise<IntakeKitHandle> {
  document.body.innerHTML = '<main><div id="app"></div></main>';
  const h = init({
    container: '#app',
    apiKey: 'sk_sandbox_1',
    flowId: 'flow_demo',
    apiBase: api.url,
    questions: QUESTIONS,
    ...config,
  });
  handle = h;
  await new Promise((resolve, reject) => h.on('ready', resolve).on('error', reject));
  return h;
}

/** Mounts and resolves with the first error event. */
async function mountError(config: Partial<IntakeKitConfig>): Promise<Error & {code?: string}> {
  document.body.innerHTML = '<div id="app"></div>';
  const h = init({container: '#app', apiKey: 'sk_sandbox_1', flowId: 'flow_demo', apiBase: api.url, ...config});
  handle = h;
  return new Promise((resolve, reject) =>
    h.on('error', resolve).on('ready', () => reject(new Error('unexpected ready'))),
  );
}

describe('rendering', () => {
  test('mounts a scoped root with a live region, and shows a loading state until the session answers', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    handle = init({container: '#app', apiKey: 'k', flowId: 'f', apiBase: api.url});
    expect($('#app > .ik-root.ik-theme-auto')).toBeTruthy();
    expect($('.ik-root [aria-live="polite"]')).toBeTruthy();
    expect($('.ik-msg[role="status"]').textContent).toBe('Loading…');
    expect($('.ik-root').getAttribute('aria-busy')).toBe('true');
  });

  test('uses the flow questions from the API when the config gives none', async () => {
    await mount({questions: undefined});
    expect(title()).toBe(SAMPLE_QUESTIONS[0]?.question);
    expect($('.ik-count').textContent).toBe('Question 1 of 2');
  });

  test('singleChoice: a named radio group in a fieldset with the question as legend heading', async () => {
    await mount();
    const fieldset = $('fieldset.ik-q');
    expect(fieldset.querySelector('legend h2')?.textContent).toBe('Reason for your visit?');
    const radios = $$('fieldset input');
    expect(radios.map((r) => r.type)).toEqual(['radio', 'radio', 'radio']);
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    expect($$<HTMLLabelElement>('label.ik-option').map((l) => l.textContent)).toEqual([
      'Check-up',
      'Illness',
      'Injury',
    ]);
    expect($$<HTMLLabelElement>('label.ik-option').every((l, i) => l.htmlFor === radios[i]?.id)).toBe(true);
  });

  test('multiChoice, text, date and yesNo render their native inputs', async () => {
    await mount();
    $$('fieldset input')[0]?.click();
    next();
    expect(title()).toBe('Which symptoms do you have?');
    expect($$('fieldset input').map((i) => i.type)).toEqual(['checkbox', 'checkbox', 'checkbox']);
    $$('fieldset input')[1]?.click();
    next();
    expect(title()).toBe('Your full name');
    const text = $<HTMLInputElement>('fieldset input');
    expect(text.type).toBe('text');
    expect(text.getAttribute('aria-labelledby')).toBe($('.ik-title').id);
    text.value = 'Ada Lovelace';
    next();
    expect(title()).toBe('Date of birth');
    const date = $<HTMLInputElement>('fieldset input');
    expect(date.type).toBe('date');
    date.value = '1990-04-01';
    next();
    expect(title()).toBe('Do you smoke?');
    expect($$('fieldset input').map((i) => i.type)).toEqual(['radio', 'radio']);
    expect($$<HTMLLabelElement>('label.ik-option').map((l) => l.textContent)).toEqual(['Yes', 'No']);
    expect($('.ik-nav button[type="submit"]').textContent).toBe('Finish');
  });

  test('theme option sets the theme class', async () => {
    await mount({theme: 'dark'});
    expect($('.ik-root').className).toBe('ik-root ik-theme-dark');
  });

  test('every class the widget uses starts with ik-', async () => {
    await mount();
    const classes = $$<Element>('#app *').flatMap((el) => [...el.classList]);
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((c) => !c.startsWith('ik-'))).toEqual([]);
  });
});

describe('navigation', () => {
  test('progress text and progressbar follow Next and Back; answers are kept; focus moves to the heading', async () => {
    await mount();
    const bar = (): HTMLElement => $('[role="progressbar"]');
    expect($('.ik-count').textContent).toBe('Question 1 of 5');
    expect(bar().getAttribute('aria-valuenow')).toBe('1');
    expect(bar().getAttribute('aria-valuemax')).toBe('5');
    expect($$('.ik-nav button')).toHaveLength(1); // no Back on the first question
    $$('fieldset input')[1]?.click();
    next();
    expect($('.ik-count').textContent).toBe('Question 2 of 5');
    expect(bar().getAttribute('aria-valuenow')).toBe('2');
    expect(document.activeElement).toBe($('.ik-title'));
    expect($('[aria-live="polite"]').textContent).toBe('Question 2 of 5');
    back();
    expect($('.ik-count').textContent).toBe('Question 1 of 5');
    expect($$('fieldset input').map((i) => i.checked)).toEqual([false, true, false]);
    expect(document.activeElement).toBe($('.ik-title'));
  });

  test('a required question shows an inline error, marks the inputs and moves focus to them', async () => {
    await mount();
    next();
    const error = $('.ik-error');
    expect(error.hidden).toBe(false);
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('Please choose an answer.');
    expect($('.ik-count').textContent).toBe('Question 1 of 5');
    const first = $$('fieldset input')[0] as HTMLInputElement;
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(first);
    first.click();
    expect(error.hidden).toBe(true);
    next();
    expect($('.ik-count').textContent).toBe('Question 2 of 5');
  });

  test('text and date: blank text and an empty date are missing answers', async () => {
    await mount({
      questions: [
        {question: 'Name', type: 'text'},
        {question: 'When?', type: 'date'},
      ],
    });
    $<HTMLInputElement>('fieldset input').value = '   ';
    next();
    expect($('.ik-error').textContent).toBe('Please enter an answer.');
    $<HTMLInputElement>('fieldset input').value = 'Grace';
    next();
    $<HTMLInputElement>('fieldset input').value = '31/12/1999'; // the date input drops what is not YYYY-MM-DD
    next();
    expect($('.ik-error').textContent).toBe('Please enter a date.');
    $<HTMLInputElement>('fieldset input').value = '1999-12-31';
    next();
    await vi.waitFor(() => expect(title()).toBe('Thank you'));
  });

  test('required: false lets a question be skipped (marked Optional) and answers null or []', async () => {
    const done = new Promise<CompleteEvent>((resolve) => {
      void mount({
        questions: [
          {id: 'note', question: 'Anything else?', type: 'text', required: false},
          {
            id: 'tags',
            question: 'Tags',
            type: 'multiChoice',
            required: false,
            options: choices(['A', 'a'], ['B', 'b']),
          },
        ],
        onComplete: resolve,
      }).then(() => {
        expect($('.ik-hint').textContent).toBe('Optional');
        next();
        next();
      });
    });
    expect((await done).answers).toEqual({note: null, tags: []});
  });
});

describe('completion', () => {
  test('Finish sends the answers, then shows Thank you with a summary and emits complete with the submissionId', async () => {
    const h = await mount();
    const completed: CompleteEvent[] = [];
    h.on('complete', (e) => completed.push(e));
    $$('fieldset input')[2]?.click();
    next();
    $$('fieldset input')[0]?.click();
    $$('fieldset input')[2]?.click();
    next();
    $<HTMLInputElement>('fieldset input').value = '  Ada Lovelace ';
    next();
    $<HTMLInputElement>('fieldset input').value = '1990-04-01';
    next();
    $$('fieldset input')[1]?.click();
    next();
    await vi.waitFor(() => expect(completed).toHaveLength(1));
    expect(completed).toEqual([
      {
        sessionId: 'ses_test',
        flowId: 'flow_demo',
        submissionId: TEST_SUBMISSION_ID,
        answers: {visit: 3, symptoms: ['fever', 'headache'], name: 'Ada Lovelace', dob: '1990-04-01', smoker: 'no'},
      },
    ]);
    expect(title()).toBe('Thank you');
    expect(document.activeElement).toBe($('.ik-title'));
    const rows = $$<HTMLElement>('.ik-summary .ik-row').map((r) => [
      r.querySelector('dt')?.textContent,
      r.querySelector('dd')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Reason for your visit?', 'Injury'],
      ['Which symptoms do you have?', 'Fever, Headache'],
      ['Your full name', 'Ada Lovelace'],
      ['Date of birth', '1990-04-01'],
      ['Do you smoke?', 'No'],
    ]);
    expect($('.ik-lead').textContent).toBe('Your answers were received. Here is a summary.');
    expect($('.ik-note').textContent).toBe(
      `Sandbox mode: your answers were received as submission ${TEST_SUBMISSION_ID}.`,
    );
  });

  test('the answers go to the API once, after the session call; nothing else leaves the page', async () => {
    api.requests.length = 0;
    await mount({questions: [{question: 'Name', type: 'text'}]});
    $<HTMLInputElement>('fieldset input').value = 'Grace';
    next();
    await vi.waitFor(() => expect(title()).toBe('Thank you'));
    expect(api.requests.map((r) => r.path)).toEqual(['/api/sdk/sessions', '/api/sdk/submissions']);
  });
});

describe('lifecycle', () => {
  test('destroy removes the widget and its listeners; a second destroy is harmless', async () => {
    const h = await mount();
    const calls: unknown[] = [];
    h.on('complete', (e) => calls.push(e));
    h.destroy();
    h.destroy();
    expect($('#app').innerHTML).toBe('');
    expect(document.querySelector('.ik-root')).toBeNull();
  });

  test('destroy during the session call cancels it: no events, nothing rendered', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    const events: string[] = [];
    const h = init({
      container: '#app',
      apiKey: 'k',
      flowId: 'f',
      apiBase: api.url,
      onReady: () => events.push('ready'),
      onError: () => events.push('error'),
    });
    h.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual([]);
    expect($('#app').innerHTML).toBe('');
  });

  test('init is idempotent per container: a second init replaces the first', async () => {
    const first = await mount();
    const firstReady: unknown[] = [];
    first.on('ready', (e) => firstReady.push(e));
    const second = init({
      container: $('#app'),
      apiKey: 'k',
      flowId: 'f',
      apiBase: api.url,
      questions: [{question: 'Only one', type: 'text'}],
    });
    handle = second;
    await new Promise((resolve) => second.on('ready', resolve));
    expect($$('.ik-root')).toHaveLength(1);
    expect(title()).toBe('Only one');
    expect(firstReady).toEqual([]);
    first.destroy(); // the old handle no longer owns the container
    expect($$('.ik-root')).toHaveLength(1);
  });

  test('a script that runs before its container is parsed waits for DOMContentLoaded', async () => {
    document.body.innerHTML = '';
    Object.defineProperty(document, 'readyState', {value: 'loading', configurable: true});
    try {
      const errors: Error[] = [];
      const h = init({container: '#late', apiKey: 'k', flowId: 'f', apiBase: api.url, onError: (e) => errors.push(e)});
      handle = h;
      await new Promise((r) => setTimeout(r, 20));
      expect(errors).toEqual([]);
      document.body.innerHTML = '<div id="late"></div>';
      const ready = new Promise((resolve) => h.on('ready', resolve));
      document.dispatchEvent(new Event('DOMContentLoaded'));
      await ready;
      expect(title()).toBe(SAMPLE_QUESTIONS[0]?.question);
    } finally {
      delete (document as {readyState?: unknown}).readyState;
    }
  });

  test('off removes a listener', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    const seen: unknown[] = [];
    const fn = (e: unknown): number => seen.push(e);
    const h = init({container: '#app', apiKey: 'k', flowId: 'f', apiBase: api.url});
    handle = h;
    h.on('ready', fn).off('ready', fn);
    await new Promise((resolve) => h.on('ready', resolve));
    expect(seen).toEqual([]);
  });

  test('a listener that throws does not break the widget', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    const hostBug = (): void => {
      throw new Error('host bug');
    };
    const h = init({container: '#app', apiKey: 'k', flowId: 'f', apiBase: api.url, onReady: hostBug});
    handle = h;
    const original = console.error;
    console.error = () => undefined;
    try {
      await new Promise((resolve) => h.on('ready', resolve));
    } finally {
      console.error = original;
    }
    expect(title()).toBe(SAMPLE_QUESTIONS[0]?.question);
  });
});

describe('API failures', () => {
  test('401 INVALID_API_KEY: error event and a clear alert in the container', async () => {
    const denied = await startApi(() => ({
      status: 401,
      body: {error: {code: 'INVALID_API_KEY', message: 'Invalid API key'}},
    }));
    try {
      const err = await mountError({apiBase: denied.url, apiKey: 'sk_rotated'});
      expect(err.code).toBe('INVALID_API_KEY');
      expect(err.message).toBe(
        'IntakeKit: this API key is invalid, revoked or rotated. Use an active sandbox key from the API Keys page.',
      );
      const alert = $('#app [role="alert"]');
      expect(alert.textContent).toBe(err.message);
      expect(alert.querySelector('button')).toBeNull();
    } finally {
      await denied.close();
    }
  });

  test('network failure: error event with the cause, an alert and Try again', async () => {
    const url = await deadUrl();
    const err = await mountError({apiBase: url});
    expect(err.code).toBe('NETWORK_ERROR');
    expect(err.message).toBe(
      `IntakeKit: could not reach the IntakeKit API at ${url}. Check your connection and try again.`,
    );
    expect((err as Error & {cause?: unknown}).cause).toBeTruthy();
    expect($('#app [role="alert"] p').textContent).toBe(err.message);
    expect($('#app [role="alert"] button').textContent).toBe('Try again');
  });

  test('Try again after a server error loads the flow', async () => {
    let calls = 0;
    const flaky = await startApi(() =>
      ++calls === 1
        ? {status: 500, body: {error: {code: 'SERVER_ERROR', message: 'Something went wrong. Please try again later.'}}}
        : {status: 200, body: {sessionId: 's2', flowId: 'flow_demo', env: 'sandbox', questions: SAMPLE_QUESTIONS}},
    );
    try {
      const err = await mountError({apiBase: flaky.url});
      expect(err.message).toBe(
        'IntakeKit: the IntakeKit API answered 500 SERVER_ERROR: Something went wrong. Please try again later.',
      );
      const ready = new Promise((resolve) => handle?.on('ready', resolve));
      $<HTMLButtonElement>('#app [role="alert"] button').click();
      expect(await ready).toMatchObject({sessionId: 's2'});
      expect(title()).toBe(SAMPLE_QUESTIONS[0]?.question);
      expect(document.activeElement).toBe($('.ik-title')); // the Try again button is gone: focus goes to the question
    } finally {
      await flaky.close();
    }
  });

  // Refusals whose message the API words for the case (the origin to add, the flow ids that exist): shown as
  // they come, with no Try again, since the same request would be refused again.
  test.each([
    {
      status: 403,
      code: 'ORIGIN_NOT_ALLOWED',
      flowId: 'flow_demo',
      message: 'https://evil.example is not an allowed origin for this key. Add it on the API Keys page.',
      // The page's visitors are patients: they get a short message; the detail goes to the developer only.
      shown: 'This form cannot be shown here. Please contact the clinic.',
    },
    {
      status: 400,
      code: 'INVALID_FLOW',
      flowId: 'YOUR_FLOW_ID',
      message:
        'There is no flow "YOUR_FLOW_ID". Use one of new-patient, symptom-check; the Flows page lists them: https://portal.example/dashboard/flows',
    },
  ])("$status $code: the API's words, without Try again", async ({status, code, flowId, message, shown}) => {
    const refused = await startApi(() => ({status, body: {error: {code, message}}}));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const err = await mountError({apiBase: refused.url, flowId});
      expect(err.code).toBe(code);
      expect(err.message).toBe(`IntakeKit: ${message}`);
      expect($('#app [role="alert"]').textContent).toBe(shown ?? err.message);
      if (shown) expect(logged).toHaveBeenCalledWith(err);
      expect(document.querySelector('#app [role="alert"] button')).toBeNull();
    } finally {
      logged.mockRestore();
      await refused.close();
    }
  });

  test('429: says when to try again, and offers Try again only after Retry-After', async () => {
    let calls = 0;
    const limited = await startApi(() =>
      ++calls === 1
        ? {
            status: 429,
            headers: {'Retry-After': '2'},
            body: {
              error: {code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests. Please wait a moment and try again.'},
            },
          }
        : {status: 200, body: {sessionId: 's3', flowId: 'flow_demo', env: 'sandbox', questions: SAMPLE_QUESTIONS}},
    );
    vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
    try {
      const err = await mountError({apiBase: limited.url});
      expect(err.code).toBe('RATE_LIMITED');
      expect(err.message).toBe('IntakeKit: this key has started too many sessions for now. Try again in 2 seconds.');
      const button = $<HTMLButtonElement>('#app [role="alert"] button');
      expect(button.disabled).toBe(true);
      expect(button.textContent).toBe('Try again in 2 s');
      vi.advanceTimersByTime(1000);
      expect(button.textContent).toBe('Try again in 1 s');
      expect(button.disabled).toBe(true);
      vi.advanceTimersByTime(1000);
      expect(button.disabled).toBe(false);
      expect(button.textContent).toBe('Try again');
      const ready = new Promise((resolve) => handle?.on('ready', resolve));
      button.click();
      expect(await ready).toMatchObject({sessionId: 's3'});
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });

  test('another refusal (unknown flow) is shown without Try again', async () => {
    const missing = await startApi(() => ({
      status: 404,
      body: {error: {code: 'NOT_FOUND', message: 'Flow not found'}},
    }));
    try {
      const err = await mountError({apiBase: missing.url});
      expect(err.code).toBe('SESSION_REFUSED');
      expect(err.message).toBe('IntakeKit: the IntakeKit API answered 404 NOT_FOUND: Flow not found');
      expect($('#app [role="alert"]').textContent).toBe(err.message);
      expect(document.querySelector('#app [role="alert"] button')).toBeNull();
    } finally {
      await missing.close();
    }
  });

  test('a flow the SDK cannot render is reported as INVALID_FLOW', async () => {
    const odd = await startApi(() => ({
      status: 200,
      body: {sessionId: 's', flowId: 'f', env: 'sandbox', questions: [{question: 'x', type: 'slider'}]},
    }));
    try {
      const err = await mountError({apiBase: odd.url});
      expect(err.code).toBe('INVALID_FLOW');
      expect(err.message).toMatch(
        /^IntakeKit: the flow sent by the API cannot be shown: questions\[0\]\.type must be one of/,
      );
    } finally {
      await odd.close();
    }
  });
});

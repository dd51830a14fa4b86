// @vitest-environment happy-dom
// A team flow served as the widget's view of its Questionnaire (the contract's widgetQuestionnaire, as the API
// serves it), from a real local HTTP server standing in for the API.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {ANSWER_TEXT_MAX_LENGTH} from '@intakekit/contract/answers';
import {checkQuestionnaireAnswers} from '@intakekit/contract/questionnaire/check-answers';
import {TRANSLATION_EXTENSION_URL, type Questionnaire} from '@intakekit/contract/questionnaire/types';
import {validateQuestionnaire} from '@intakekit/contract/questionnaire/validate';
import {widgetQuestionnaire} from '@intakekit/contract/questionnaire/widget-view';
import {afterAll, afterEach, beforeAll, describe, expect, test, vi} from 'vitest';
import {init, type CompleteEvent, type IntakeKitConfig, type IntakeKitHandle, type ReadyEvent} from '../src/index';
import {createRoot} from '../src/widget';
import {$, $$, back, next, title} from './dom';
import {TEST_SUBMISSION_ID, startApi, type TestApi} from './helpers';

const es = (content: string) => ({
  extension: [
    {
      url: TRANSLATION_EXTENSION_URL,
      extension: [
        {url: 'lang', valueCode: 'es'},
        {url: 'content', valueString: content},
      ],
    },
  ],
});
const when = (question: string, answerBoolean = true) => ({question, operator: '=', answerBoolean});

/** Every item type the widget shows, conditions in and across steps, a translation, an initial answer. */
const DOC = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'Clinic intake',
  item: [
    {linkId: 'smoke', type: 'boolean', text: 'Do you smoke?', _text: es('¿Fuma?'), required: true},
    {
      linkId: 'habits',
      type: 'group',
      text: 'Smoking',
      enableWhen: [when('smoke')],
      item: [{linkId: 'per-day', type: 'integer', text: 'Cigarettes a day', required: true}],
    },
    {
      linkId: 'about',
      type: 'group',
      text: 'About you',
      _text: es('Sobre usted'),
      item: [
        {linkId: 'intro', type: 'display', text: 'Tell us <script>window.__ikRan = true</script> about you'},
        {
          linkId: 'name',
          type: 'string',
          text: 'Your name',
          required: true,
          maxLength: 80,
          initial: [{valueString: 'Ada'}],
        },
        {linkId: 'weight', type: 'decimal', text: 'Weight (kg)'},
        {linkId: 'born', type: 'date', text: 'Date of birth'},
        {linkId: 'wake', type: 'time', text: 'Wake-up time'},
        {linkId: 'seen', type: 'dateTime', text: 'Last visit'},
        {linkId: 'notes', type: 'text', text: 'Notes', maxLength: 500},
        {linkId: 'contact', type: 'group', text: 'Contact', item: [{linkId: 'phone', type: 'string', text: 'Phone'}]},
      ],
    },
    {
      linkId: 'meds',
      type: 'group',
      text: 'Medication',
      item: [
        {linkId: 'takes', type: 'boolean', text: 'Do you take medication?'},
        {linkId: 'which', type: 'string', text: 'Which one?', required: true, enableWhen: [when('takes')]},
        {
          linkId: 'either',
          type: 'string',
          text: 'Smoker or on medication',
          enableWhen: [when('takes'), when('smoke')],
          enableBehavior: 'any',
        },
        {
          linkId: 'both',
          type: 'string',
          text: 'Smoker and on medication',
          enableWhen: [when('takes'), when('smoke')],
          enableBehavior: 'all',
        },
      ],
    },
    {
      linkId: 'reason',
      type: 'choice',
      text: 'Reason for your visit',
      answerOption: [
        {
          valueCoding: {
            system: 'http://example.org/reasons',
            code: 'checkup',
            display: 'Check-up',
            _display: es('Revisión'),
          },
        },
        {valueCoding: {system: 'http://example.org/reasons', code: 'ill', display: 'Illness'}},
      ],
    },
    {
      linkId: 'symptoms',
      type: 'choice',
      repeats: true,
      text: 'Symptoms',
      answerOption: [{valueString: 'Fever'}, {valueString: 'Cough'}],
    },
    {
      linkId: 'pain',
      type: 'open-choice',
      text: 'Where does it hurt?',
      answerOption: [{valueString: 'Head'}, {valueString: 'Back'}],
    },
  ],
} as unknown as Questionnaire;

let api: TestApi;
let served: Questionnaire;
let handle: IntakeKitHandle | undefined;
beforeAll(async () => {
  api = await startApi((req) =>
    req.path === '/api/sdk/submissions'
      ? {status: 201, body: {submissionId: TEST_SUBMISSION_ID, receivedAt: '2026-01-15T09:10:00.000Z'}}
      : {
          status: 200,
          body: {
            sessionId: 'ses_q',
            sessionToken: 'tok_q',
            flowId: 'intake',
            flowVersion: '3',
            env: 'sandbox',
            questions: [],
            questionnaire: served,
          },
        },
  );
});
afterAll(() => api.close());
afterEach(() => {
  handle?.destroy();
  handle = undefined;
  document.body.innerHTML = '';
});

/** Serves the document, mounts the widget and resolves with the ready event and the complete event to come. */
async function mount(doc: Questionnaire, config: Partial<IntakeKitConfig> = {}) {
  served = widgetQuestionnaire(doc);
  api.requests.length = 0;
  document.body.innerHTML = '<div id="app"></div>';
  const h = init({container: '#app', apiKey: 'sk_sandbox_1', flowId: 'intake', apiBase: api.url, ...config});
  handle = h;
  const completed = new Promise<CompleteEvent>((resolve) => h.on('complete', resolve));
  const ready = await new Promise<ReadyEvent>((resolve, reject) => h.on('ready', resolve).on('error', reject));
  return {ready, completed};
}

const shown = (el: Element): boolean => el.closest('[hidden]') === null;
/** A question's fieldset by its text, and its inputs. */
const question = (text: string): HTMLFieldSetElement => {
  const found = $$<HTMLFieldSetElement>('fieldset.ik-q').find(
    (f) => f.querySelector('legend')?.firstChild?.textContent === text,
  );
  if (!found) throw new Error(`no question ${text}`);
  return found;
};
const field = (text: string): HTMLInputElement => question(text).querySelector('.ik-field') as HTMLInputElement;
const type = (text: string, value: string): void => {
  const input = field(text);
  input.value = value;
  input.dispatchEvent(new Event('input', {bubbles: true}));
};
const pick = (text: string, label: string): void => {
  const option = [...question(text).querySelectorAll('label.ik-option')].find((l) => l.textContent === label);
  (option?.querySelector('input') as HTMLInputElement).click();
};
const isShown = (text: string): boolean => {
  const found = $$<HTMLFieldSetElement>('fieldset.ik-q').find(
    (f) => f.querySelector('legend')?.firstChild?.textContent === text,
  );
  return !!found && shown(found);
};
const count = (): string => $('.ik-count').textContent ?? '';

describe('a team flow', () => {
  test('renders every item type, keeps a hidden answer while the page is open and submits only shown ones', async () => {
    const {ready, completed} = await mount(DOC);
    expect(ready).toMatchObject({flowId: 'intake', questionCount: 16});
    expect(api.requests[0]?.body).toEqual({flowId: 'intake', env: 'sandbox'});
    // A question alone: the step's heading is its legend, Yes / No in the widget's words.
    expect(question('Do you smoke?').querySelector('legend h2.ik-title')).toBeTruthy();
    expect($$<HTMLLabelElement>('label.ik-option').map((l) => l.textContent)).toEqual(['Yes', 'No']);
    expect(count()).toBe('Step 1 of 6');
    pick('Do you smoke?', 'No');
    next();
    // 'Smoking' has nothing shown: skipped.
    expect(title()).toBe('About you');
    expect(count()).toBe('Step 2 of 6');
    expect(document.activeElement).toBe($('.ik-title'));
    expect($('[aria-live="polite"]').textContent).toBe('Step 2 of 6');
    // Text is text: the script is shown, never run.
    expect($('.ik-text').textContent).toBe('Tell us <script>window.__ikRan = true</script> about you');
    expect(document.querySelector('.ik-root script')).toBeNull();
    expect((window as {__ikRan?: boolean}).__ikRan).toBeUndefined();
    const attrs = (text: string) => {
      const input = field(text);
      const label = document.getElementById(input.getAttribute('aria-labelledby') ?? '');
      return [
        input.tagName,
        input.getAttribute('type'),
        input.getAttribute('maxlength'),
        input.getAttribute('step'),
        input.getAttribute('inputmode'),
        label?.textContent,
      ];
    };
    expect(attrs('Your name')).toEqual(['INPUT', 'text', '80', null, null, 'Your name']);
    expect(field('Your name').value).toBe('Ada');
    expect(attrs('Weight (kg)')).toEqual(['INPUT', 'number', null, 'any', 'decimal', 'Weight (kg)']);
    expect(attrs('Date of birth')).toEqual(['INPUT', 'date', null, null, null, 'Date of birth']);
    expect(attrs('Wake-up time')).toEqual(['INPUT', 'time', null, null, null, 'Wake-up time']);
    expect(attrs('Last visit')).toEqual(['INPUT', 'datetime-local', null, null, null, 'Last visit']);
    expect(attrs('Notes')).toEqual(['TEXTAREA', null, '500', null, null, 'Notes']);
    // No maxLength of its own: as much text as the API accepts for an answer.
    expect(attrs('Phone')).toEqual(['INPUT', 'text', String(ANSWER_TEXT_MAX_LENGTH), null, null, 'Phone']);
    expect($('fieldset.ik-group > legend').textContent).toBe('Contact');
    expect($('fieldset.ik-group').contains(field('Phone'))).toBe(true);
    type('Weight (kg)', '72.5');
    type('Date of birth', '1990-04-01');
    type('Wake-up time', '07:30');
    type('Last visit', '2026-01-15T09:30');
    type('Notes', 'Line one\nLine two');
    next();

    expect(title()).toBe('Medication');
    expect(['Which one?', 'Smoker or on medication', 'Smoker and on medication'].map(isShown)).toEqual([
      false,
      false,
      false,
    ]);
    pick('Do you take medication?', 'Yes');
    expect(isShown('Which one?')).toBe(true); // at once
    expect(isShown('Smoker or on medication')).toBe(true); // any: on medication
    expect(isShown('Smoker and on medication')).toBe(false); // all: not a smoker
    type('Which one?', 'Aspirin');
    type('Smoker or on medication', 'dropped with it');
    pick('Do you take medication?', 'No');
    expect(isShown('Which one?')).toBe(false);
    pick('Do you take medication?', 'Yes');
    expect(field('Which one?').value).toBe('Aspirin'); // kept while the page is open
    pick('Do you take medication?', 'No');
    next(); // 'Which one?' is required, but hidden
    expect(title()).toBe('Reason for your visit');
    back();
    expect(isShown('Which one?')).toBe(false);
    next();

    expect($$('fieldset input').map((i) => i.type)).toEqual(['radio', 'radio']);
    pick('Reason for your visit', 'Check-up');
    next();
    expect($$('fieldset input').map((i) => i.type)).toEqual(['checkbox', 'checkbox']);
    pick('Symptoms', 'Fever');
    pick('Symptoms', 'Cough');
    next();

    // open-choice: 'Other' with a text field shown while it is chosen.
    expect(count()).toBe('Step 6 of 6');
    const other = question('Where does it hurt?').querySelector<HTMLInputElement>(
      'input[type="text"]',
    ) as HTMLInputElement;
    expect(shown(other)).toBe(false);
    pick('Where does it hurt?', 'Other');
    expect(shown(other)).toBe(true);
    expect(document.getElementById(other.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Other');
    next();
    const error = question('Where does it hurt?').querySelector('.ik-error') as HTMLElement;
    expect([error.textContent, error.getAttribute('role'), other.getAttribute('aria-describedby')]).toEqual([
      'Please type your other answer.',
      'alert',
      error.id,
    ]);
    expect(document.activeElement).toBe(other);
    other.value = 'Knee';
    next();

    const event = await completed;
    const expected = {
      smoke: [{valueBoolean: false}],
      name: [{valueString: 'Ada'}],
      weight: [{valueDecimal: 72.5}],
      born: [{valueDate: '1990-04-01'}],
      wake: [{valueTime: '07:30:00'}],
      seen: [{valueDateTime: new Date('2026-01-15T09:30').toISOString().replace('.000Z', 'Z')}],
      notes: [{valueString: 'Line one\nLine two'}],
      phone: [],
      takes: [{valueBoolean: false}],
      reason: [{valueCoding: {system: 'http://example.org/reasons', code: 'checkup', display: 'Check-up'}}],
      symptoms: [{valueString: 'Fever'}, {valueString: 'Cough'}],
      pain: [{valueString: 'Knee'}],
    };
    expect(event).toMatchObject({sessionId: 'ses_q', flowId: 'intake', submissionId: TEST_SUBMISSION_ID});
    expect(event.answers).toEqual(expected);
    expect(api.requests[1]?.body).toEqual({sessionToken: 'tok_q', answers: expected});
    // The server's own check of a team flow's answers finds nothing wrong.
    expect(checkQuestionnaireAnswers(served, event.answers)).toEqual([]);
    await vi.waitFor(() => expect(title()).toBe('Thank you'));
    const rows = $$<HTMLElement>('.ik-summary .ik-row').map(
      (r) => `${r.querySelector('dt')?.textContent}: ${r.querySelector('dd')?.textContent}`,
    );
    expect(rows).toEqual([
      'Do you smoke?: No',
      'Your name: Ada',
      'Weight (kg): 72.5',
      'Date of birth: 1990-04-01',
      'Wake-up time: 07:30:00',
      'Last visit: 2026-01-15 09:30',
      'Notes: Line one\nLine two',
      'Phone: Not answered',
      'Do you take medication?: No',
      'Reason for your visit: Check-up',
      'Symptoms: Fever, Cough',
      'Where does it hurt?: Knee',
    ]);
  });

  test('a required question is refused when empty (and a number checked) but not when hidden; all and any', async () => {
    const {completed} = await mount(DOC, {flowVersion: 3});
    expect(api.requests[0]?.body).toEqual({flowId: 'intake', env: 'sandbox', flowVersion: 3});
    next();
    expect(question('Do you smoke?').querySelector('.ik-error')?.textContent).toBe('Please choose Yes or No.');
    pick('Do you smoke?', 'Yes');
    next();
    expect([title(), count()]).toEqual(['Smoking', 'Step 2 of 7']);
    next();
    const error = question('Cigarettes a day').querySelector('.ik-error') as HTMLElement;
    const input = field('Cigarettes a day');
    expect([
      error.textContent,
      error.hidden,
      input.getAttribute('aria-invalid'),
      input.getAttribute('aria-describedby'),
    ]).toEqual(['Please enter an answer.', false, 'true', error.id]);
    expect(document.activeElement).toBe(input);
    expect([input.type, input.getAttribute('step'), input.getAttribute('inputmode')]).toEqual([
      'number',
      '1',
      'numeric',
    ]);
    type('Cigarettes a day', '1.5');
    next();
    expect(error.textContent).toBe('Please enter a whole number.');
    type('Cigarettes a day', '10');
    next();
    type('Your name', '');
    next();
    expect(question('Your name').querySelector('.ik-error')?.textContent).toBe('Please enter an answer.');
    type('Your name', 'Grace');
    next();
    // Smoker: 'any' is shown before the medication is answered, 'all' once both hold.
    expect([isShown('Smoker or on medication'), isShown('Smoker and on medication')]).toEqual([true, false]);
    pick('Do you take medication?', 'Yes');
    expect([isShown('Smoker or on medication'), isShown('Smoker and on medication')]).toEqual([true, true]);
    next();
    expect(question('Which one?').querySelector('.ik-error')?.textContent).toBe('Please enter an answer.');
    type('Which one?', 'Aspirin');
    type('Smoker and on medication', 'both');
    next();
    next();
    next();
    next();
    const {answers} = await completed;
    expect(answers).toMatchObject({
      'per-day': [{valueInteger: 10}],
      name: [{valueString: 'Grace'}],
      which: [{valueString: 'Aspirin'}],
      either: [],
      both: [{valueString: 'both'}],
      pain: [],
    });
    expect(checkQuestionnaireAnswers(served, answers)).toEqual([]);
  });

  test("locale 'es': the translations, the default text where there is none, lang on the root; ar, he, fa, ur right to left", async () => {
    await mount(DOC, {locale: 'es', preview: true});
    expect(api.requests[0]?.body).toEqual({flowId: 'intake', env: 'sandbox', preview: true});
    expect([$('.ik-root').getAttribute('lang'), $('.ik-root').getAttribute('dir')]).toEqual(['es', null]);
    expect(title()).toBe('¿Fuma?');
    expect($$<HTMLLabelElement>('label.ik-option').map((l) => l.textContent)).toEqual(['Yes', 'No']);
    pick('¿Fuma?', 'No');
    next();
    expect(title()).toBe('Sobre usted');
    expect(isShown('Weight (kg)')).toBe(true);
    next();
    next();
    expect($$<HTMLLabelElement>('label.ik-option').map((l) => l.textContent)).toEqual(['Revisión', 'Illness']);
    const dir = (locale: string) => createRoot('auto', locale).root.getAttribute('dir');
    expect(['ar', 'ar-EG', 'he', 'fa-IR', 'ur', 'es', 'en-US', 'arn'].map(dir)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      null,
      null,
      null,
    ]);
  });
});

describe('real Questionnaires written by others', () => {
  const dir = path.join(process.cwd(), 'contract/test/fixtures/questionnaires');
  const documents = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name, JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Questionnaire] as const)
    .filter(([, doc]) => validateQuestionnaire(doc).problems.every((p) => p.severity !== 'error'));
  // Some hold nothing the widget shows (every choice from a ValueSet outside the document).
  const valid = documents.filter(([, doc]) => (widgetQuestionnaire(doc).item ?? []).length > 0);

  test('a flow with nothing to show is INVALID_FLOW, in words', async () => {
    const [, doc] = documents.find(([name]) => name === 'fhir-r4-questionnaire-example-3141.json') ?? [];
    served = widgetQuestionnaire(doc as Questionnaire);
    document.body.innerHTML = '<div id="app"></div>';
    handle = init({container: '#app', apiKey: 'sk_sandbox_1', flowId: 'intake', apiBase: api.url});
    const err = await new Promise<Error & {code?: string}>((resolve) => handle?.on('error', resolve));
    expect([err.code, err.message]).toEqual([
      'INVALID_FLOW',
      'IntakeKit: the flow sent by the API has no item the widget can show (the Flows page lists what it does not show).',
    ]);
    expect(valid.length).toBe(documents.length - 1);
  });

  /** Answers the required questions shown on the step, as a patient would. */
  const answerRequired = (): void => {
    for (const fieldset of $$<HTMLFieldSetElement>('fieldset.ik-q')) {
      if (!shown(fieldset) || fieldset.querySelector('legend .ik-hint')) continue;
      const choices = [...fieldset.querySelectorAll<HTMLInputElement>('input.ik-check')];
      if (choices.length > 0) {
        if (!choices.some((c) => c.checked)) choices[0]?.click();
        continue;
      }
      const input = fieldset.querySelector('.ik-field') as HTMLInputElement;
      const values: Record<string, string> = {
        number: '1',
        date: '2020-01-02',
        time: '10:00',
        'datetime-local': '2020-01-02T10:00',
      };
      if (!input.value) input.value = values[input.type] ?? 'x';
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
  };

  test.each(valid)('%s: every step shows, and the answers pass the server check', async (_name, doc) => {
    const {ready, completed} = await mount(doc);
    expect(ready.questionCount).toBeGreaterThan(0);
    for (let steps = 0; title() !== 'Thank you' && steps < 100; steps++) {
      answerRequired();
      next();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const {answers} = await completed;
    expect(checkQuestionnaireAnswers(served, answers)).toEqual([]);
  });

  test('initial answers of every type are the starting answers', async () => {
    const [, doc] = valid.find(([name]) => name === 'lforms-questionnaire-initialx.json') ?? [];
    const {completed} = await mount(doc as Questionnaire);
    for (let steps = 0; steps < 20 && title() !== 'Thank you'; steps++) {
      next();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect((await completed).answers).toMatchObject({
      '/type-boolean': [{valueBoolean: true}],
      '/type-integer': [{valueInteger: 123}],
      '/type-decimal': [{valueDecimal: 123.45}],
      '/type-string': [{valueString: 'abc123'}],
      '/type-date': [{valueDate: '2019-09-03'}],
      '/type-dateTime': [{valueDateTime: '2015-02-07T18:28:17Z'}],
      '/type-time': [{valueTime: '13:28:17'}],
      '/type-choice': [{valueCoding: {code: 'c2', display: 'Answer 2'}}],
      '/type-open-choice': [{valueString: 'User typed answer'}],
    });
  });
});

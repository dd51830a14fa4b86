// @vitest-environment happy-dom
import {afterEach, describe, expect, test} from 'vitest';
import {validateConfig, validateQuestions} from '../src/config';
import {init} from '../src/index';
import type {IntakeKitConfig, OptionValue} from '../src/types';
import {choices} from './helpers';

const base = {container: '#app', apiKey: 'sk_sandbox_123', flowId: 'flow_demo'};
const message = (config: unknown): string => {
  try {
    validateConfig(config);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the config to be refused');
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('validateConfig', () => {
  test('accepts a minimal config and fills in the defaults', () => {
    const cfg = validateConfig(base);
    expect(cfg).toMatchObject({
      container: '#app',
      apiKey: 'sk_sandbox_123',
      flowId: 'flow_demo',
      env: 'sandbox',
      questions: null,
      theme: 'auto',
    });
  });

  test('refuses a missing config object', () => {
    expect(message(undefined)).toBe(
      'IntakeKit: init() expects a config object like { container, apiKey, flowId }, received undefined.',
    );
    expect(message('oops')).toBe(
      'IntakeKit: init() expects a config object like { container, apiKey, flowId }, received "oops".',
    );
  });

  test('missing container', () => {
    expect(message({...base, container: undefined})).toBe(
      'IntakeKit: `container` must be a CSS selector or a DOM element, received undefined.',
    );
    expect(message({...base, container: 42})).toBe(
      'IntakeKit: `container` must be a CSS selector or a DOM element, received 42.',
    );
    expect(message({...base, container: ''})).toBe(
      'IntakeKit: `container` must be a CSS selector or a DOM element, received an empty string.',
    );
  });

  test('missing key', () => {
    expect(message({...base, apiKey: undefined})).toBe(
      'IntakeKit: `apiKey` must be a non-empty string (your API key from the API Keys page), received undefined.',
    );
    expect(message({...base, apiKey: '  '})).toMatch(
      /^IntakeKit: `apiKey` must be a non-empty string .*, received " {2}"\.$/,
    );
  });

  test('`key` is accepted as the older name of apiKey; apiKey wins when both are given', () => {
    const {apiKey: _omit, ...rest} = base;
    expect(validateConfig({...rest, key: 'sk_old_name'}).apiKey).toBe('sk_old_name');
    expect(validateConfig({...base, key: 'sk_old_name'}).apiKey).toBe('sk_sandbox_123');
  });

  test('missing flowId', () => {
    expect(message({...base, flowId: null})).toBe('IntakeKit: `flowId` must be a non-empty string, received null.');
  });

  test('unknown env', () => {
    expect(message({...base, env: 'production'})).toBe(
      'IntakeKit: `env` must be one of "sandbox", "dev", "test", "pro", received "production".',
    );
  });

  test('bad apiBase, theme and callbacks', () => {
    expect(message({...base, apiBase: 'ftp://x'})).toBe(
      'IntakeKit: `apiBase` must be an http(s) URL or a path starting with "/", received "ftp://x".',
    );
    expect(message({...base, theme: 'pink'})).toBe(
      'IntakeKit: `theme` must be one of "auto", "light", "dark", received "pink".',
    );
    expect(message({...base, onComplete: 'done'})).toBe('IntakeKit: `onComplete` must be a function, received "done".');
  });

  test('flowVersion: a version number; locale: a BCP 47 tag, kept in its canonical case', () => {
    expect(validateConfig({...base, flowVersion: 3, locale: 'es-mx', preview: true})).toMatchObject({
      flowVersion: 3,
      locale: 'es-MX',
      preview: true,
    });
    expect(message({...base, preview: 'yes'})).toBe('IntakeKit: `preview` must be true or false, received "yes".');
    expect(validateConfig(base)).not.toHaveProperty('locale');
    for (const flowVersion of [0, 1.5, '2', null]) {
      expect(message({...base, flowVersion})).toMatch(
        /^IntakeKit: `flowVersion` must be a published version number of your flow \(1, 2, 3\.\.\.\), received /,
      );
    }
    expect(message({...base, flowVersion: '2'})).toMatch(/received "2"\.$/);
    for (const [locale, received] of [
      ['es_MX', '"es_MX"'],
      ['', 'an empty string'],
      ['spanish language', '"spanish language"'],
      [7, '7'],
    ]) {
      expect(message({...base, locale})).toBe(
        `IntakeKit: \`locale\` must be a BCP 47 language tag such as "es" or "es-MX", received ${received}.`,
      );
    }
  });

  test('malformed questions', () => {
    const q = (questions: unknown): string => message({...base, questions});
    expect(q([])).toBe('IntakeKit: `questions` must be a non-empty array of questions, received an empty array.');
    expect(q({})).toBe('IntakeKit: `questions` must be a non-empty array of questions, received an object.');
    expect(q(['hi'])).toBe('IntakeKit: questions[0] must be an object { question, type, options }, received "hi".');
    expect(q([{type: 'text'}])).toBe(
      'IntakeKit: questions[0].question must be a non-empty string, received undefined.',
    );
    expect(q([{question: 'Age?', type: 'slider'}])).toBe(
      'IntakeKit: questions[0].type must be one of "singleChoice", "multiChoice", "text", "date", "yesNo", received "slider".',
    );
    expect(q([{question: 'Pick', type: 'singleChoice'}])).toBe(
      'IntakeKit: questions[0].options must be an array of at least 2 { label, value } objects, received undefined.',
    );
    expect(q([{question: 'Pick', type: 'multiChoice', options: [{label: 'A', value: 'a'}]}])).toBe(
      'IntakeKit: questions[0].options must be an array of at least 2 { label, value } objects, received an array of 1.',
    );
    expect(q([{question: 'Pick', type: 'singleChoice', options: choices(['A', 'a'], ['', 'b'])}])).toBe(
      'IntakeKit: questions[0].options[1].label must be a non-empty string, received an empty string.',
    );
    expect(q([{question: 'Pick', type: 'singleChoice', options: choices(['A', 'a'], ['B', {} as OptionValue])}])).toBe(
      'IntakeKit: questions[0].options[1].value must be a string, number or boolean, received an object.',
    );
    expect(q([{question: 'Pick', type: 'singleChoice', options: choices(['A', 'a'], ['B', 'a'])}])).toBe(
      'IntakeKit: questions[0].options[1].value must be unique within the question, received "a" twice.',
    );
    expect(
      q([
        {question: 'A', type: 'text', id: 'x'},
        {question: 'B', type: 'text', id: 'x'},
      ]),
    ).toBe('IntakeKit: questions[1].id must be unique, received "x" twice.');
    expect(q([{question: 'A', type: 'text', required: 'no'}])).toBe(
      'IntakeKit: questions[0].required must be true or false, received "no".',
    );
  });

  test('questions get ids by position, required by default and Yes / No options', () => {
    const qs = validateQuestions(
      [
        {question: 'Name?', type: 'text'},
        {question: 'Smoker?', type: 'yesNo', required: false, id: 'smoker'},
      ],
      'questions',
    );
    expect(qs).toEqual([
      {id: 'q1', question: 'Name?', type: 'text', options: [], required: true},
      {
        id: 'smoker',
        question: 'Smoker?',
        type: 'yesNo',
        options: choices(['Yes', 'yes'], ['No', 'no']),
        required: false,
      },
    ]);
  });
});

describe('init with a bad config', () => {
  test('emits an error event and shows the message in the container as an alert', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    const errors: Error[] = [];
    const handle = init({...base, env: 'prod'} as unknown as IntakeKitConfig).on('error', (e) => errors.push(e));
    await Promise.resolve();
    expect(errors.map((e) => e.message)).toEqual([
      'IntakeKit: `env` must be one of "sandbox", "dev", "test", "pro", received "prod".',
    ]);
    expect((errors[0] as Error & {code: string}).code).toBe('INVALID_CONFIG');
    const alert = document.querySelector('#app [role="alert"]');
    expect(alert?.textContent).toBe(errors[0]?.message);
    handle.destroy();
    expect(document.querySelector('#app')?.innerHTML).toBe('');
  });

  test('onError in the config is called too, even when the key is missing', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    const seen: string[] = [];
    init({container: '#app', flowId: 'f', onError: (e) => seen.push(e.message)} as IntakeKitConfig);
    await Promise.resolve();
    expect(seen).toEqual([
      'IntakeKit: `apiKey` must be a non-empty string (your API key from the API Keys page), received undefined.',
    ]);
  });

  test('a selector that matches nothing is reported (nothing to render into)', async () => {
    const seen: Error[] = [];
    init({...base, container: '#nowhere', onError: (e) => seen.push(e)});
    await Promise.resolve();
    expect(seen[0]?.message).toBe(
      'IntakeKit: `container` must match an element on the page, but no element matches "#nowhere".',
    );
    expect((seen[0] as Error & {code: string}).code).toBe('CONTAINER_NOT_FOUND');
  });

  test('an invalid selector is reported, not thrown', async () => {
    const seen: string[] = [];
    expect(() => init({...base, container: '[[', onError: (e) => seen.push(e.message)})).not.toThrow();
    await Promise.resolve();
    expect(seen).toEqual(['IntakeKit: `container` must be a valid CSS selector, received "[[".']);
  });
});

// @vitest-environment happy-dom
import {expect, test} from 'vitest';

test('the script-tag entry defines one global IntakeKit whose init never throws', async () => {
  const before = new Set(Object.keys(window));
  await import('../src/browser');
  const added = Object.keys(window).filter((k) => !before.has(k));
  expect(added).toEqual(['IntakeKit']);
  const kit = window.IntakeKit;
  expect(typeof kit?.init).toBe('function');
  document.body.innerHTML = '<div id="app"></div>';
  const errors: string[] = [];
  const handle = kit?.init(null as never).on('error', (e) => errors.push(e.message));
  expect(handle).toBeTruthy();
  await Promise.resolve();
  expect(errors).toEqual([
    'IntakeKit: init() expects a config object like { container, apiKey, flowId }, received null.',
  ]);
  expect(() => handle?.on('ready', 'nope' as never).destroy()).not.toThrow();
});

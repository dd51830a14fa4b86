// @vitest-environment node
import {expect, test} from 'vitest';
import {init} from '../src/index';

test('without a DOM, init returns a no-op handle and makes no call', () => {
  const handle = init({container: '#app', apiKey: 'k', flowId: 'f'});
  expect(handle.on('ready', () => undefined)).toBe(handle);
  expect(handle.off('ready', () => undefined)).toBe(handle);
  expect(() => handle.destroy()).not.toThrow();
});

// @vitest-environment happy-dom
import {afterEach, beforeEach, expect, test} from 'vitest';
import {loadIntakeKit} from '../src/loader';

const url = 'http://127.0.0.1:9/sdk/v1';

// The page starts without the SDK: a file run before this one in the same worker may have defined it.
const withoutSdk = () => {
  delete (window as {IntakeKit?: unknown}).IntakeKit;
  document.head.innerHTML = '';
};
beforeEach(withoutSdk);
afterEach(withoutSdk);

test('a failed load rejects with the cause and removes its script; a later call tries again', async () => {
  // happy-dom here refuses to load script files (and says so at once), which is a load failure as far as the page can tell.
  const first = loadIntakeKit(url + '/');
  const err = (await first.catch((e: unknown) => e)) as Error & {code: string; cause?: unknown};
  expect(err.message).toBe(`IntakeKit: failed to load the SDK from ${url}/intake.js.`);
  expect(err.code).toBe('LOAD_FAILED');
  expect(err.cause).toBeTruthy();
  expect(document.querySelectorAll('script, link')).toHaveLength(0); // what it added is gone
  const again = loadIntakeKit(url).catch((e: unknown) => e);
  expect(again).not.toBe(first);
  expect(((await again) as Error).message).toBe(err.message);
});

test('adds the stylesheet once, and not when the page already links it', async () => {
  const link = Object.assign(document.createElement('link'), {rel: 'stylesheet', href: `${url}/intake.css`});
  document.head.append(link);
  const load = loadIntakeKit(url).catch(() => undefined);
  expect(document.querySelectorAll('link')).toHaveLength(1);
  await load;
  expect(document.head.contains(link)).toBe(true); // the page's own link is left alone
});

test('resolves at once with the global when the script is already on the page', async () => {
  const kit = {version: '1.0.0', init: () => ({on: () => kit, off: () => kit, destroy: () => undefined}) as never};
  Object.assign(window, {IntakeKit: kit});
  expect(await loadIntakeKit(url)).toBe(kit);
  expect(document.querySelectorAll('script')).toHaveLength(0);
});

// @vitest-environment happy-dom
import {act, type ReactNode} from 'react';
import {createRoot} from 'react-dom/client';
import {SWRConfig} from 'swr';
import useSWR from 'swr';
import {afterEach, expect, test} from 'vitest';
import {useWriteThenReload} from './use-write-then-reload';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return {promise, resolve, reject};
}

let loads = 0;
let latest: ReturnType<typeof useWriteThenReload<string, string>>;
const pending = new Map<string, ReturnType<typeof deferred<string>>>();

function Probe(): ReactNode {
  useSWR('/list', async () => ++loads);
  latest = useWriteThenReload('/list', (row: string) => {
    const call = deferred<string>();
    pending.set(row, call);
    return call.promise;
  });
  return null;
}

afterEach(() => {
  document.body.innerHTML = '';
  pending.clear();
  loads = 0;
});

async function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <SWRConfig value={{provider: () => new Map(), dedupingInterval: 0}}>
        <Probe />
      </SWRConfig>,
    ),
  );
  return root;
}

test('an earlier write that fails after a later one started still rejects, and the list reloads after each', async () => {
  const root = await mount();
  const loadsBefore = loads;

  let first!: Promise<string>;
  let second!: Promise<string>;
  await act(async () => {
    first = latest.trigger('row A');
    second = latest.trigger('row B');
  });
  expect(latest.isMutating).toBe(true);

  const firstOutcome = first.then(
    (value) => ({value}),
    (error: unknown) => ({error}),
  );
  await act(async () => pending.get('row B')!.resolve('B done'));
  await act(async () => pending.get('row A')!.reject(new Error('A refused')));

  expect(await second).toBe('B done');
  expect(await firstOutcome).toEqual({error: new Error('A refused')});
  await act(async () => undefined);
  expect(latest.isMutating).toBe(false);
  expect(loads).toBeGreaterThanOrEqual(loadsBefore + 1);
  await act(async () => root.unmount());
});

test('a single write returns its answer; a refused one rethrows and the list still reloads', async () => {
  const root = await mount();
  const loadsBefore = loads;

  let ok!: Promise<string>;
  await act(async () => {
    ok = latest.trigger('row A');
  });
  await act(async () => pending.get('row A')!.resolve('A done'));
  expect(await ok).toBe('A done');
  const afterSuccess = loads;
  expect(afterSuccess).toBeGreaterThan(loadsBefore);

  let refused!: Promise<string>;
  await act(async () => {
    refused = latest.trigger('row B');
  });
  const outcome = refused.catch((error: unknown) => error);
  await act(async () => pending.get('row B')!.reject(new Error('B refused')));
  expect(await outcome).toEqual(new Error('B refused'));
  await act(async () => undefined);
  expect(loads).toBeGreaterThan(afterSuccess);
  await act(async () => root.unmount());
});

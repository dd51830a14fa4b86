// @vitest-environment happy-dom
import {act, type ReactNode} from 'react';
import {createRoot} from 'react-dom/client';
import {afterEach, expect, test} from 'vitest';
import {useFormValues} from './use-form-values';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

let latest: ReturnType<typeof useFormValues<{email: string; role: string}>>;

function Probe(): ReactNode {
  latest = useFormValues({email: '', role: 'member'});
  return <input aria-label="email" {...latest.field('email')} />;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('field() wires an input; set() writes or derives a value; reset() returns to the first values', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<Probe />));

  const input = container.querySelector('input')!;
  expect(input.value).toBe('');
  await act(async () => latest.field('email').onChange({target: {value: 'ann@clinic.test'}} as never));
  expect(latest.values).toEqual({email: 'ann@clinic.test', role: 'member'});
  expect(input.value).toBe('ann@clinic.test');

  await act(async () => latest.set('email', (current) => current || 'preset@clinic.test'));
  expect(latest.values.email).toBe('ann@clinic.test');
  await act(async () => latest.set('role', 'admin'));
  expect(latest.values).toEqual({email: 'ann@clinic.test', role: 'admin'});

  await act(async () => latest.reset());
  expect(latest.values).toEqual({email: '', role: 'member'});
  await act(async () => latest.reset({email: 'x@clinic.test', role: 'admin'}));
  expect(latest.values).toEqual({email: 'x@clinic.test', role: 'admin'});
  await act(async () => root.unmount());
});

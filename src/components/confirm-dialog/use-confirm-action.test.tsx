// @vitest-environment happy-dom
import {act, type ReactNode} from 'react';
import {createRoot} from 'react-dom/client';
import {afterEach, expect, test} from 'vitest';
import {ApiError} from '@site/src/lib/api-client';
import {useConfirmAction} from './use-confirm-action';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

let action: () => Promise<unknown> = async () => {};
let runs = 0;

/** ConfirmDialog's buttons as the hook drives them (the native dialog itself is not what is tested). */
function Confirm({failure}: {failure?: (caught: unknown) => string}): ReactNode {
  const confirm = useConfirmAction(failure);
  const props = confirm.dialogProps(() => {
    runs++;
    return action();
  });
  return (
    <>
      <button type="button" onClick={props.onConfirm} disabled={props.pending}>
        {props.pending ? 'Removing...' : 'Remove'}
      </button>
      <button type="button" onClick={() => confirm.reset()}>
        Cancel
      </button>
      {props.error ? <p role="alert">{props.error}</p> : null}
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  action = async () => {};
  runs = 0;
});

async function render(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => createRoot(container).render(node));
  const [confirm, cancel] = [...container.querySelectorAll('button')];
  const alert = () => container.querySelector('[role="alert"]')?.textContent ?? null;
  const click = async (button: HTMLButtonElement) => act(async () => button.click());
  return {confirm: confirm!, cancel: cancel!, alert, click};
}

test('the confirm button waits while the action runs, and a second click starts nothing', async () => {
  let finish = () => {};
  action = () => new Promise<void>((resolve) => (finish = resolve));
  const view = await render(<Confirm />);
  await view.click(view.confirm);
  expect(view.confirm.disabled).toBe(true);
  expect(view.confirm.textContent).toBe('Removing...');
  await view.click(view.confirm);
  expect(runs).toBe(1);
  await act(async () => finish());
  expect(view.confirm.disabled).toBe(false);
  expect(view.confirm.textContent).toBe('Remove');
  expect(view.alert()).toBeNull();
});

test("a refusal is the dialog's error, in the screen's words, and reset clears it", async () => {
  action = async () => {
    throw new ApiError({status: 403, code: 'FORBIDDEN', message: 'You do not have permission to do this.'});
  };
  const view = await render(<Confirm failure={(caught) => `Failed to remove member: ${String(caught)}`} />);
  await view.click(view.confirm);
  expect(view.alert()).toMatch(/^Failed to remove member: /);
  expect(view.confirm.disabled).toBe(false);
  await view.click(view.cancel);
  expect(view.alert()).toBeNull();
});

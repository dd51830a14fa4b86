// @vitest-environment happy-dom
import {act, type ReactNode} from 'react';
import {createRoot, type Root} from 'react-dom/client';
import {afterEach, expect, test} from 'vitest';
import {DialogForm} from '@site/src/components/dialog';
import {EmailField, PasswordField} from '@site/src/components/form-field';
import {ApiError} from '@site/src/lib/api-client';
import {getErrorMessage} from '@site/src/lib/errors';
import {SIGN_IN} from '@site/src/lib/forms/auth-rules';
import {useDialogForm} from '.';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

type Body = {email: string; password: string};

/** A dialog's form as the portal's dialogs use it; `open` is the dialog's, which stays mounted while closed. */
function SignInDialog(props: {open: boolean; onClose: () => void; send: (body: Body) => Promise<unknown>}): ReactNode {
  const {form, dialogForm} = useDialogForm({...props, rules: SIGN_IN, defaultValues: {email: '', password: ''}});
  return (
    <DialogForm {...dialogForm} submitLabel="Sign in" pendingLabel="Signing in...">
      <EmailField {...form.field('email', {inline: true})} />
      <PasswordField label="Password" {...form.field('password', {inline: true})} visible={false} />
    </DialogForm>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

async function render(send: (body: Body) => Promise<unknown>) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const closed: string[] = [];
  const show = (open: boolean) =>
    act(async () => root!.render(<SignInDialog open={open} onClose={() => closed.push('closed')} send={send} />));
  await show(true);
  const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const type = (name: string, value: string) =>
    act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input(name), value);
      input(name).dispatchEvent(new Event('input', {bubbles: true}));
    });
  const submit = () => act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  return {container, closed, show, input, type, submit};
}

test('sends the checked body and closes the dialog once the request succeeds', async () => {
  const sent: Body[] = [];
  const view = await render(async (body) => void sent.push(body));
  await view.type('email', 'ann@clinic.test');
  await view.type('password', 'Correct-Horse-42');
  await view.submit();
  expect(sent).toEqual([{email: 'ann@clinic.test', password: 'Correct-Horse-42'}]);
  expect(view.closed).toEqual(['closed']);
});

test('a refusal stays in the open dialog, focused, and is gone with the values when it opens again', async () => {
  const refusal = new ApiError({status: 401, code: 'INVALID_CREDENTIALS', message: 'x'});
  const view = await render(async () => {
    throw refusal;
  });
  await view.type('email', 'ann@clinic.test');
  await view.type('password', 'wrong-password-1');
  await view.submit();
  expect(view.closed).toEqual([]);
  expect(view.container.textContent).toContain(getErrorMessage(refusal));
  expect(document.activeElement?.textContent).toContain(getErrorMessage(refusal));

  await view.show(false);
  await view.show(true);
  expect(view.container.textContent).not.toContain(getErrorMessage(refusal));
  expect(view.input('email').value).toBe('');
});

test('Cancel closes without sending', async () => {
  let sent = 0;
  const view = await render(async () => void sent++);
  await act(async () =>
    [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click(),
  );
  expect(view.closed).toEqual(['closed']);
  expect(sent).toBe(0);
});

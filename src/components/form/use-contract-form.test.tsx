// @vitest-environment happy-dom
import {act, type ReactNode} from 'react';
import {createRoot} from 'react-dom/client';
import {afterEach, expect, test} from 'vitest';
import {EmailField, PasswordField} from '@site/src/components/form-field';
import FormField from '@site/src/components/form-field';
import {ApiError} from '@site/src/lib/api-client';
import {SIGN_IN} from '@site/src/lib/forms/auth-rules';
import {ContractFormElement, FormSubmit, useContractForm} from '.';

(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true;

let send: (body: {email: string; password: string}) => Promise<void> = async () => {};

function SignIn({inline = false}: {inline?: boolean}): ReactNode {
  const form = useContractForm({
    rules: SIGN_IN,
    defaultValues: {email: '', password: ''},
    fieldOf: {INVALID_PASSWORD: 'password'},
  });
  return (
    <ContractFormElement form={form} label="Sign in" refusalOnly={inline} onSubmit={(body) => send(body)}>
      <EmailField {...form.field('email', {inline})} />
      <PasswordField label="Password" {...form.field('password', {inline})} visible={false} />
      <FormSubmit control={form.control} loadingText="Signing in...">
        Sign in
      </FormSubmit>
    </ContractFormElement>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  send = async () => {};
});

async function render(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => createRoot(container).render(node));
  const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const button = container.querySelector('button[type="submit"]') as HTMLButtonElement;
  const banner = () => container.querySelector<HTMLElement>('[data-testid="form-error"]');
  const type = async (name: string, value: string) =>
    act(async () => {
      // The prototype's setter: React's own tracker would otherwise swallow the change.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input(name), value);
      input(name).dispatchEvent(new Event('input', {bubbles: true}));
    });
  const submit = async () => act(async () => button.click());
  return {container, input, button, banner, type, submit};
}

test('a failed check shows the spec message once, marks the fields and focuses the first; nothing is sent', async () => {
  let sent = 0;
  send = async () => void sent++;
  const view = await render(<SignIn />);
  await view.submit();
  expect(view.banner()?.textContent).toBe('Email and password are required');
  await view.type('email', 'not-an-address');
  await view.type('password', 'whatever');
  await view.submit();

  expect(view.banner()?.textContent).toBe('Please enter a valid email address');
  const email = view.input('email');
  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(email.getAttribute('aria-describedby')).toBe(view.banner()?.id);
  expect(document.activeElement).toBe(email);
  expect(sent).toBe(0);

  // The message goes once it no longer applies.
  await view.type('email', 'ann@clinic.test');
  expect(view.banner()).toBeNull();
  expect(email.getAttribute('aria-invalid')).toBeNull();
});

test('the body sent is the normalised one the schema checked', async () => {
  let body: unknown;
  send = async (sentBody) => void (body = sentBody);
  const view = await render(<SignIn />);
  await view.type('email', '  Ann@Clinic.TEST ');
  await view.type('password', 'secret');
  await view.submit();
  expect(body).toEqual({email: 'ann@clinic.test', password: 'secret'});
});

test('the submit button is disabled and relabelled while the form submits', async () => {
  let finish = () => {};
  send = () => new Promise<void>((resolve) => (finish = resolve));
  const view = await render(<SignIn />);
  await view.type('email', 'ann@clinic.test');
  await view.type('password', 'secret');
  await view.submit();
  expect(view.button.disabled).toBe(true);
  expect(view.button.getAttribute('aria-busy')).toBe('true');
  expect(view.button.textContent).toBe('Signing in...');
  await act(async () => finish());
  expect(view.button.disabled).toBe(false);
  expect(view.button.textContent).toBe('Sign in');
});

test('a refusal of the API is the form error, focused, and gone on the next submit', async () => {
  send = async () => {
    throw new ApiError({status: 401, code: 'INVALID_CREDENTIALS', message: 'x'});
  };
  const view = await render(<SignIn />);
  await view.type('email', 'ann@clinic.test');
  await view.type('password', 'secret');
  await view.submit();
  expect(view.banner()?.textContent).toBe('Invalid email or password. Please try again.');
  expect(document.activeElement).toBe(view.banner());

  send = async () => {};
  await view.submit();
  expect(view.banner()).toBeNull();
});

test('a refusal that belongs to a field lands on that field, inline where the form shows errors inline', async () => {
  send = async () => {
    throw new ApiError({status: 400, code: 'INVALID_PASSWORD', message: 'x'});
  };
  const view = await render(<SignIn inline />);
  await view.type('email', 'ann@clinic.test');
  await view.type('password', 'secret');
  await view.submit();
  const password = view.input('password');
  const describedBy = password.getAttribute('aria-describedby') ?? '';
  const message = view.container.querySelector(`[id="${describedBy.split(' ')[0]}"]`);
  expect(message?.textContent).toBe('Password must be at least 10 characters and include a mix of characters.');
  expect(message?.getAttribute('role')).toBe('alert');
  expect(password.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(password);
  expect(view.banner()).toBeNull();
});

test('a plain FormField takes the ref react-hook-form needs to focus it', async () => {
  function Name(): ReactNode {
    const form = useContractForm({
      defaultValues: {name: ''},
      rules: {toBody: (v) => v, checks: [{field: 'name', rule: ({name}) => (name ? null : 'Name cannot be empty')}]},
    });
    return (
      <form onSubmit={form.submit(() => {})} noValidate>
        <FormField label="Full name" {...form.field('name', {inline: true})} />
        <FormSubmit control={form.control}>Save</FormSubmit>
      </form>
    );
  }
  const view = await render(<Name />);
  await view.submit();
  expect(document.activeElement).toBe(view.input('name'));
  expect(view.container.textContent).toContain('Name cannot be empty');
});

test('what a submit resolves to is said below the fields until the next submit; a refusal replaces it', async () => {
  function Save(): ReactNode {
    const form = useContractForm({defaultValues: {name: 'Acme'}});
    return (
      <ContractFormElement form={form} label="Save the name" onSubmit={() => send({email: '', password: ''})}>
        <FormField label="Name" {...form.field('name', {inline: true})} />
        <FormSubmit control={form.control}>Save</FormSubmit>
      </ContractFormElement>
    );
  }
  let answer: unknown = 'Saved.';
  send = async () => answer as void;
  const view = await render(<Save />);
  const form = view.container.querySelector('form')!;
  expect(form.getAttribute('aria-label')).toBe('Save the name');
  expect(form.noValidate).toBe(true);
  await view.submit();
  expect(view.container.textContent).toContain('Saved.');
  send = async () => {
    throw new ApiError({status: 401, code: 'INVALID_CREDENTIALS', message: 'x'});
  };
  await view.submit();
  expect(view.container.textContent).not.toContain('Saved.');
  expect(view.banner()?.textContent).toBe('Invalid email or password. Please try again.');
  answer = undefined;
  send = async () => answer as void;
  await view.submit();
  expect(view.banner()).toBeNull();
  expect(view.container.textContent).not.toContain('Saved.');
});

import {useState, type ReactNode} from 'react';
import type {FieldValues} from 'react-hook-form';
import {FormError} from '@site/src/components/form-error';
import Notice from '@site/src/components/notice';
import type {ContractForm} from './use-contract-form';

interface Props<Values extends FieldValues, Body> {
  form: ContractForm<Values, Body>;
  /** The form's accessible name: a page may hold several forms. */
  label: string;
  /** What it resolves to, when a string, is said below the fields until the next submit (e.g. what was saved). */
  onSubmit: (body: Body, values: Values) => unknown;
  /** Fields that show their own messages (FormField's `inline`): only the API's refusal goes above them. */
  refusalOnly?: boolean;
  className?: string;
  errorClassName?: string;
  doneClassName?: string;
  children: ReactNode;
}

/**
 * A form on a page (a dialog has DialogForm): checked by the contract's rules rather than the browser's, its message
 * above the fields, where focus goes when the API refuses.
 */
export default function ContractFormElement<Values extends FieldValues, Body>({
  form,
  label,
  onSubmit,
  refusalOnly = false,
  className,
  errorClassName,
  doneClassName,
  children,
}: Props<Values, Body>): ReactNode {
  const [done, setDone] = useState<string | null>(null);
  const message = refusalOnly ? form.formState.errors.root?.server?.message : form.formError;
  return (
    <form
      className={className}
      aria-label={label}
      noValidate
      onSubmit={form.submit(async (body, values) => {
        setDone(null);
        const result = await onSubmit(body, values);
        if (typeof result === 'string') setDone(result);
      })}
    >
      <FormError {...form.errorProps} className={errorClassName}>
        {message}
      </FormError>
      {children}
      {done === null ? null : (
        <Notice variant="success" className={doneClassName}>
          {done}
        </Notice>
      )}
    </form>
  );
}

import type {ReactNode} from 'react';
import type {Control, FieldValues} from 'react-hook-form';
import {FormSubmit} from '@site/src/components/form';
import form from '@site/src/components/auth-layout/form.module.css';

interface Props<Values extends FieldValues> {
  /** 'Sign in with a passkey' on the sign-in page, 'Use a passkey' at the two-factor step. */
  children: ReactNode;
  /** The passkey action's form: busy while the browser's prompt and the sign-in run. */
  control: Control<Values>;
  /** The form beside it is busy. */
  disabled: boolean;
  onClick: () => void;
}

/** "or" under a sign-in form, then the button that asks the browser for a passkey instead. */
export default function PasskeyAlternative<Values extends FieldValues>({
  children,
  control,
  disabled,
  onClick,
}: Props<Values>): ReactNode {
  return (
    <>
      <p className={form.divider}>or</p>
      <FormSubmit
        control={control}
        type="button"
        variant="secondary"
        loadingText="Waiting for your passkey..."
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </FormSubmit>
    </>
  );
}

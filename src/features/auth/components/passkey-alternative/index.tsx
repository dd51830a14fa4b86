import type {ReactNode} from 'react';
import SubmitButton from '@site/src/components/submit-button';
import form from '@site/src/components/auth-layout/form.module.css';

interface Props {
  /** 'Sign in with a passkey' on the sign-in page, 'Use a passkey' at the two-factor step. */
  children: ReactNode;
  pending: boolean;
  /** The form beside it is busy. */
  disabled: boolean;
  onClick: () => void;
}

/** "or" under a sign-in form, then the button that asks the browser for a passkey instead. */
export default function PasskeyAlternative({children, pending, disabled, onClick}: Props): ReactNode {
  return (
    <>
      <p className={form.divider}>or</p>
      <SubmitButton
        type="button"
        variant="secondary"
        loading={pending}
        loadingText="Waiting for your passkey..."
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </SubmitButton>
    </>
  );
}

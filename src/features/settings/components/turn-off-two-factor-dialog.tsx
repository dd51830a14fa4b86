import {useEffect, useState, type ReactNode} from 'react';
import Dialog, {DialogForm} from '@site/src/components/dialog';
import FormField from '@site/src/components/form-field';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {getErrorMessage} from '@site/src/lib/errors';
import {TWO_FACTOR_MESSAGES} from '@intakekit/contract/two-factor';
import {disableTwoFactor} from '../api/two-factor';
import {secondFactorCode} from './two-factor-section';

/** Turning two-factor off: the password and a current code, in an in-app dialog. */
export default function TurnOffTwoFactorDialog({
  open,
  onClose,
  onTurnedOff,
}: {
  open: boolean;
  onClose: () => void;
  onTurnedOff: () => Promise<void>;
}): ReactNode {
  const {values, field, reset} = useFormValues({password: '', code: ''});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!open) {
      reset();
      setError(null);
      setPending(false);
    }
  }, [open, reset]);

  const onSubmit = async () => {
    const code = secondFactorCode(values.code);
    if (!values.password || !code) {
      setError(values.password ? TWO_FACTOR_MESSAGES.codeRequired : 'Enter your current password.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await disableTwoFactor({password: values.password, code});
      await onTurnedOff();
    } catch (failure) {
      setError(getErrorMessage(failure));
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      title="Turn off two-factor authentication?"
      description="Signing in will need only your password, and your recovery codes stop working. We email you a notice."
    >
      <DialogForm
        onSubmit={onSubmit}
        error={error}
        onCancel={onClose}
        tone="danger"
        submitLabel="Turn off two-factor"
        pendingLabel="Turning off..."
        pending={pending}
      >
        <FormField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
          data-autofocus
        />
        <FormField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          {...field('code')}
          hint="A code from your app, or one of your recovery codes."
        />
      </DialogForm>
    </Dialog>
  );
}

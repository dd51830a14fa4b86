import type {ReactNode} from 'react';
import Dialog, {DialogForm} from '@site/src/components/dialog';
import FormField from '@site/src/components/form-field';
import {useContractForm} from '@site/src/components/form';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import {disableTwoFactor} from '../api/two-factor';
import {TURN_OFF_TWO_FACTOR} from '../lib/form-rules';
import {CurrentPasswordField} from './form-parts';

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
  const form = useContractForm({rules: TURN_OFF_TWO_FACTOR, defaultValues: {password: '', code: ''}});
  useResetOnClose(open, form.reset);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      title="Turn off two-factor authentication?"
      description="Signing in will need only your password, and your recovery codes stop working. We email you a notice."
    >
      <DialogForm
        onSubmit={form.submit(async (body) => {
          await disableTwoFactor(body);
          await onTurnedOff();
        })}
        error={form.formError}
        errorProps={form.errorProps}
        onCancel={onClose}
        tone="danger"
        submitLabel="Turn off two-factor"
        pendingLabel="Turning off..."
        pending={form.formState.isSubmitting}
      >
        <CurrentPasswordField {...form.field('password')} data-autofocus />
        <FormField
          label="Authentication code"
          autoComplete="one-time-code"
          spellCheck={false}
          {...form.field('code')}
          hint="A code from your app, or one of your recovery codes."
        />
      </DialogForm>
    </Dialog>
  );
}

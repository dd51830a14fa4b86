import {useState, type ReactNode} from 'react';
import Dialog, {DialogForm} from '@site/src/components/dialog';
import FormField from '@site/src/components/form-field';
import Panel from '@site/src/components/panel';
import {useContractForm} from '@site/src/components/form';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import {useSignOut} from '@site/src/stores/use-sign-out';
import {serverMessageOr} from '@site/src/lib/errors';
import {deleteAccount} from '../api/delete-account';
import {DELETE_ACCOUNT} from '../lib/form-rules';
import {CurrentPasswordField} from './form-parts';
import {canDeleteAccount, DELETE_CONFIRM_WORD, DELETE_FAILED} from '../lib/messages';
import DangerRow from './danger-row';

function DeleteAccountDialog({open, onClose, email}: {open: boolean; onClose: () => void; email: string}): ReactNode {
  const form = useContractForm({
    rules: DELETE_ACCOUNT,
    defaultValues: {password: '', typed: ''},
    failureMessage: (failure) => serverMessageOr(failure, DELETE_FAILED),
  });
  const ready = canDeleteAccount(form.watch('password'), form.watch('typed'));
  // The server has already ended every session: forget the token here once the settings page has gone.
  const leave = useSignOut({callServer: false, to: '/?deleted=1'});

  useResetOnClose(open, form.reset);

  const onSubmit = form.submit(async ({password}, {typed}) => {
    if (!canDeleteAccount(password, typed)) return;
    await deleteAccount(password);
    leave();
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      title="Delete your account?"
      description={`This permanently deletes ${email}, signs you out everywhere and cannot be undone. If you own a team, ownership passes to another member.`}
    >
      <DialogForm
        onSubmit={onSubmit}
        error={form.formError}
        errorProps={form.errorProps}
        onCancel={onClose}
        tone="danger"
        submitLabel="Delete Account"
        pendingLabel="Deleting..."
        pending={form.formState.isSubmitting}
        ready={ready}
      >
        <CurrentPasswordField {...form.field('password')} data-autofocus />
        <FormField
          label={`Type ${DELETE_CONFIRM_WORD} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('typed')}
        />
      </DialogForm>
    </Dialog>
  );
}

/** Danger Zone: deleting needs the password and a typed confirmation, then signs out and goes home. */
export default function DangerZone({email}: {email: string}): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Panel id="danger-zone" title="Danger Zone" tone="danger">
      <DangerRow title="Delete this account" action={{label: 'Delete Account', onClick: () => setOpen(true)}}>
        Your account, sessions and personal data are removed for good.
      </DangerRow>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} email={email} />
    </Panel>
  );
}

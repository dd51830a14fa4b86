import type {ReactNode} from 'react';
import Dialog, {DialogForm} from '@site/src/components/dialog';
import FormField from '@site/src/components/form-field';
import {useContractForm} from '@site/src/components/form';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import type {TeamMember} from '../api/use-team';
import {personWithEmail} from '../lib/format';
import {transferFailure} from '../lib/messages';
import {TRANSFER, type TransferValues} from '../lib/rules';
import SelectField from '@site/src/components/select-field';

interface Props {
  open: boolean;
  onClose: () => void;
  teamName: string;
  /** The admins and members who can become the owner. */
  candidates: TeamMember[];
  /** Runs the transfer; a rejection (wrong password...) is shown in the dialog. */
  onTransfer: (input: TransferValues) => Promise<void>;
}

function optionLabel(member: TeamMember): string {
  return `${personWithEmail(member)} · ${member.role}`;
}

/** 'Transfer ownership': choose the new owner, confirm with the password. */
export default function TransferOwnershipDialog({open, onClose, teamName, candidates, onTransfer}: Props): ReactNode {
  const form = useContractForm({
    rules: TRANSFER,
    defaultValues: {userId: '', password: ''},
    failureMessage: transferFailure,
  });
  useResetOnClose(open, form.reset);
  const [userId, password] = form.watch(['userId', 'password']);

  const ready = candidates.some((c) => c.id === userId) && password.length > 0;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="warning"
      title={`Transfer ownership of ${teamName}?`}
      description="The new owner manages roles and can remove admins. You stay in the team as an admin."
    >
      <DialogForm
        onSubmit={form.submit((body) => onTransfer(body))}
        error={form.formError}
        onCancel={onClose}
        submitLabel="Transfer ownership"
        pendingLabel="Transferring..."
        pending={form.formState.isSubmitting}
        ready={ready}
      >
        <SelectField label="New owner" {...form.register('userId')} data-autofocus>
          <option value="" disabled>
            Choose a member
          </option>
          {candidates.map((member) => (
            <option key={member.id} value={member.id}>
              {optionLabel(member)}
            </option>
          ))}
        </SelectField>
        <FormField
          label="Your password"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </DialogForm>
    </Dialog>
  );
}

import {useEffect, useState, type ReactNode} from 'react';
import Dialog, {DialogForm} from '@site/src/components/dialog';
import {useFormValues} from '@site/src/hooks/use-form-values';
import FormField from '@site/src/components/form-field';
import type {TeamMember} from '../api/use-team';
import {personWithEmail} from '../lib/format';
import {transferFailure} from '../lib/messages';
import SelectField from './select-field';

interface Props {
  open: boolean;
  onClose: () => void;
  teamName: string;
  /** The admins and members who can become the owner. */
  candidates: TeamMember[];
  /** Runs the transfer; a rejection (wrong password...) is shown in the dialog. */
  onTransfer: (input: {userId: string; password: string}) => Promise<void>;
}

function optionLabel(member: TeamMember): string {
  return `${personWithEmail(member)} · ${member.role}`;
}

/** 'Transfer ownership': choose the new owner, confirm with the password. */
export default function TransferOwnershipDialog({open, onClose, teamName, candidates, onTransfer}: Props): ReactNode {
  const {values, field, reset} = useFormValues({userId: '', password: ''});
  const {userId, password} = values;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) {
      reset();
      setError(null);
      setSaving(false);
    }
  }, [open, reset]);

  const ready = candidates.some((c) => c.id === userId) && password.length > 0;

  const onSubmit = async () => {
    if (!ready || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onTransfer({userId, password});
    } catch (failure) {
      setError(transferFailure(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="warning"
      title={`Transfer ownership of ${teamName}?`}
      description="The new owner manages roles and can remove admins. You stay in the team as an admin."
    >
      <DialogForm
        onSubmit={onSubmit}
        error={error}
        onCancel={onClose}
        submitLabel="Transfer ownership"
        pendingLabel="Transferring..."
        pending={saving}
        ready={ready}
      >
        <SelectField label="New owner" {...field('userId')} data-autofocus>
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
          name="password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
      </DialogForm>
    </Dialog>
  );
}

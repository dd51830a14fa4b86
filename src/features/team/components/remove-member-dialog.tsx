import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import type {TeamMember} from '../api/use-team';
import {personWithEmail} from '../lib/format';
import {actionFailure, CONFIRM_REMOVE, FAILED} from '../lib/messages';

interface Props {
  /** The member to remove; null keeps the dialog closed. */
  member: TeamMember | null;
  teamName: string;
  onClose: () => void;
  /** Runs the removal; a rejection is shown in the dialog. */
  onConfirm: (member: TeamMember) => Promise<void>;
}

const removeFailure = (failure: unknown) => actionFailure(failure, FAILED.remove);

/**
 * The 'Remove this team member?' confirmation as an in-app dialog. It tells the remover that the keys the member
 * could see stay valid and points to rotation (a removed member may have copied them), and shows a refusal in place.
 */
export default function RemoveMemberDialog({member, teamName, onClose, onConfirm}: Props): ReactNode {
  const action = useConfirmAction(removeFailure);
  useResetOnClose(member !== null, action.reset);
  return (
    <ConfirmDialog
      open={member !== null}
      onClose={onClose}
      title={CONFIRM_REMOVE}
      description={
        <>
          {member ? personWithEmail(member) : ''} loses access to {teamName} at once. API keys this member could see
          stay valid: if they may have kept a copy, rotate those keys on the <Link to="/api-keys">API Keys page</Link>.
        </>
      }
      confirmLabel="Remove member"
      pendingLabel="Removing..."
      {...action.dialogProps(async () => {
        if (member) await onConfirm(member);
      })}
    />
  );
}

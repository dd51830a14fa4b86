import type {ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import {useLeaveTeam} from '../api/use-leave-team';
import {actionFailure, FAILED} from '../lib/messages';

interface Props {
  open: boolean;
  onClose: () => void;
  teamName: string;
  /** Called once the server has let the caller go and the signed-in user has been fetched again. */
  onLeft: () => void;
}

const leaveFailure = (failure: unknown) => actionFailure(failure, FAILED.leave);

/**
 * 'Leave team' (Team page and Settings): any member but the owner. A refusal (the owner, a team already left in
 * another tab) stays in the dialog; on success the parent shows the no-team state.
 */
export default function LeaveTeamDialog({open, onClose, teamName, onLeft}: Props): ReactNode {
  const leave = useLeaveTeam();
  const action = useConfirmAction(leaveFailure);
  useResetOnClose(open, action.reset);
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Leave ${teamName}?`}
      description={`You lose access to ${teamName} and its API keys at once. The keys stay with the team. To come back, you need a new invitation.`}
      confirmLabel="Leave team"
      pendingLabel="Leaving..."
      {...action.dialogProps(async () => {
        await leave();
        onLeft();
      })}
    />
  );
}

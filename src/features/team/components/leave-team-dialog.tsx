import {useEffect, useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useLeaveTeam} from '../api/use-leave-team';
import {actionFailure, LEAVE_FAILED} from '../lib/messages';

interface Props {
  open: boolean;
  onClose: () => void;
  teamName: string;
  /** Called once the server has let the caller go and the signed-in user has been fetched again. */
  onLeft: () => void;
}

/**
 * 'Leave team' (Team page and Settings): any member but the owner. A refusal (the owner, a team already left in
 * another tab) stays in the dialog; on success the parent shows the no-team state.
 */
export default function LeaveTeamDialog({open, onClose, teamName, onLeft}: Props): ReactNode {
  const {leave, pending} = useLeaveTeam();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) setError(null);
  }, [open]);

  const onConfirm = async () => {
    if (pending) return;
    setError(null);
    try {
      await leave();
      onLeft();
    } catch (failure) {
      setError(actionFailure(failure, LEAVE_FAILED));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Leave ${teamName}?`}
      description={`You lose access to ${teamName} and its API keys at once. The keys stay with the team. To come back, you need a new invitation.`}
      confirmLabel="Leave team"
      pendingLabel="Leaving..."
      pending={pending}
      error={error}
      onConfirm={() => void onConfirm()}
    />
  );
}

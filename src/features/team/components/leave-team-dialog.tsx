import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Dialog from '@site/src/components/dialog';
import Notice from '@site/src/components/notice';
import {useLeaveTeam} from '../api/use-leave-team';
import {actionFailure, LEAVE_FAILED} from '../lib/messages';
import styles from './styles.module.css';

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
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      title={`Leave ${teamName}?`}
      description={`You lose access to ${teamName} and its API keys at once. The keys stay with the team. To come back, you need a new invitation.`}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </button>
          <button
            type="button"
            className={clsx('button button--danger', styles.dangerButton)}
            onClick={() => void onConfirm()}
            disabled={pending}
            aria-busy={pending || undefined}>
            {pending ? 'Leaving...' : 'Leave team'}
          </button>
        </>
      }>
      {error ? (
        <Notice variant="error" className={styles.dialogNotice}>
          {error}
        </Notice>
      ) : null}
    </Dialog>
  );
}

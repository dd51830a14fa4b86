import {useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import Dialog from '@site/src/components/dialog';
import Notice from '@site/src/components/notice';
import type {SubmissionSummary} from '@intakekit/contract/schemas/submissions-portal';
import {mayReadAnswers, type SubmissionReaderRole} from '@intakekit/contract/submissions';
import {ENVIRONMENT_LABELS} from '@intakekit/contract/api-keys';
import SubmissionAnswers, {ANSWERS_HIDDEN} from './submission-answers';
import {toSecond as when} from '@site/src/lib/local-time';
import {flowName} from './submission-row';
import styles from './styles.module.css';

interface Props {
  submission: SubmissionSummary | null;
  role: SubmissionReaderRole;
  canDelete: boolean;
  onClose: () => void;
  /** Deletes the submission; a refusal is shown in the confirmation. */
  onDelete: (submission: SubmissionSummary) => Promise<unknown>;
}

/** One submission: what it is, its answers (or why they are hidden), and Delete for owners and admins. */
export default function SubmissionDialog({submission, role, canDelete, onClose, onDelete}: Props): ReactNode {
  const [confirming, setConfirming] = useState(false);
  const deletion = useConfirmAction();
  const readable = submission ? mayReadAnswers(role, submission.environment) : false;
  const closeConfirm = () => {
    setConfirming(false);
    deletion.reset();
  };
  return (
    <Dialog
      open={submission !== null}
      onClose={onClose}
      title="Submission"
      className={styles.dialog}
      description={
        submission
          ? `${flowName(submission.flowId)}, ${ENVIRONMENT_LABELS[submission.environment].toLowerCase()}, received ${when(submission.createdAt)}${submission.origin ? ` from ${submission.origin}` : ''}.`
          : undefined
      }
      actions={
        <>
          {canDelete ? (
            <button type="button" className="button button--outline button--danger" onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
            Close
          </button>
        </>
      }
    >
      {submission ? (
        readable ? (
          <SubmissionAnswers id={submission.id} />
        ) : (
          <Notice variant="info">{ANSWERS_HIDDEN}</Notice>
        )
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={closeConfirm}
        title="Delete this submission?"
        description="The patient's answers are deleted for good. This cannot be undone."
        confirmLabel="Delete submission"
        pendingLabel="Deleting..."
        {...deletion.dialogProps(async () => {
          if (!submission) return;
          await onDelete(submission);
          closeConfirm();
          onClose();
        })}
      />
    </Dialog>
  );
}

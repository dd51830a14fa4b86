import type {ReactNode} from 'react';
import Dialog from '@site/src/components/dialog';
import Notice from '@site/src/components/notice';
import styles from './styles.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The question, e.g. the spec's 'Remove this team member?'; also the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel: string;
  pending: boolean;
  /** A refusal or failure, shown inside the dialog so the person can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  /** Choices that go with the action (e.g. when a rotated key stops working). */
  children?: ReactNode;
}

/**
 * An in-app confirmation of an action that cannot be undone (never the browser's own confirm box, which screen
 * readers, themes and tests handle badly): Cancel has the focus, so Enter never confirms a destructive action by
 * accident; both buttons wait while the action runs.
 */
export default function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  children,
}: Props): ReactNode {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      title={title}
      description={description}
      actions={
        <>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={pending}
            data-autofocus
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {error ? (
        <Notice variant="error" className={styles.error}>
          {error}
        </Notice>
      ) : null}
    </Dialog>
  );
}

import type {ReactNode} from 'react';
import Dialog, {type DialogState} from '@site/src/components/dialog';

export const PRODUCTION_TITLE = 'Production Key Not Available';
export const PRODUCTION_TEXT =
  'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.';

interface Props extends DialogState {
  /** Offered to the team's owner who has not asked yet: the way from this dialog to production access. */
  onRequestAccess?: (() => void) | null;
}

/** Before the team has production access, a production key request does not proceed: the dialog explains why. */
export default function ProductionDialog({onRequestAccess, ...dialog}: Props): ReactNode {
  return (
    <Dialog
      {...dialog}
      tone="warning"
      title={PRODUCTION_TITLE}
      description={PRODUCTION_TEXT}
      actions={
        <>
          {onRequestAccess ? (
            <button type="button" className="button button--secondary" onClick={onRequestAccess}>
              Request production access
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={dialog.onClose} data-autofocus>
            Got it
          </button>
        </>
      }
    />
  );
}

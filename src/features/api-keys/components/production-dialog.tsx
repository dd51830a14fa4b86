import type {ReactNode} from 'react';
import Dialog from '@site/src/components/dialog';

export const PRODUCTION_TITLE = 'Production Key Not Available';
export const PRODUCTION_TEXT =
  'Sorry, your company is not ready for production integration yet. Please contact our partner success manager.';

/** A production key request never proceeds: the dialog explains why. */
export default function ProductionDialog({open, onClose}: {open: boolean; onClose: () => void}): ReactNode {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="warning"
      title={PRODUCTION_TITLE}
      description={PRODUCTION_TEXT}
      actions={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          Got it
        </button>
      }
    />
  );
}

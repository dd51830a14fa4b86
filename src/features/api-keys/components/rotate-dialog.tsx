import type {ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useContractForm} from '@site/src/components/form';
import {useResetOnClose} from '@site/src/hooks/use-reset-on-close';
import {GRACE_PERIOD_LABELS, GRACE_PERIODS, type GracePeriod} from '@intakekit/contract/api-keys';
import type {ApiKey} from '@site/src/lib/api/keys';
import {keyLabel} from '../lib/format';
import styles from './rotate-dialog.module.css';

export const CONFIRM_ROTATE = 'Rotate this key? The old key will stop working.';

interface Props {
  /** The key to rotate; null: closed. */
  target: ApiKey | null;
  onClose: () => void;
  /** Rotates; the dialog waits until it ends. */
  onConfirm: (grace: GracePeriod) => Promise<void>;
}

/** Preselected: a key in a live page keeps working for a day, so no page breaks before it has the new key. */
const DEFAULT_GRACE: GracePeriod = '24h';

/**
 * The spec's rotate confirmation, with when the old key stops working: after a grace period during which both keys
 * work, so pages can move to the new key without an outage, or now (the spec's behaviour, chosen on purpose).
 */
export default function RotateDialog({target, onClose, onConfirm}: Props): ReactNode {
  const form = useContractForm<{grace: GracePeriod}>({defaultValues: {grace: DEFAULT_GRACE}});
  useResetOnClose(target !== null, form.reset);
  const pending = form.formState.isSubmitting;
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      title={CONFIRM_ROTATE}
      description={target ? keyLabel(target) : undefined}
      confirmLabel="Rotate key"
      pendingLabel="Rotating..."
      pending={pending}
      onConfirm={() => {
        if (!pending) void form.submit((_body, {grace}) => onConfirm(grace))();
      }}
    >
      <fieldset className={styles.graceChoices}>
        <legend>When should the old key stop working?</legend>
        {GRACE_PERIODS.map((period) => (
          <label key={period} className={styles.graceChoice}>
            <input type="radio" value={period} {...form.register('grace')} />
            {GRACE_PERIOD_LABELS[period]}
          </label>
        ))}
        <p className={styles.graceHint}>Until then both keys work, so your pages can switch to the new key first.</p>
      </fieldset>
    </ConfirmDialog>
  );
}

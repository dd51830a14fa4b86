import {useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import CopyButton from '@site/src/components/copy-button';
import Notice from '@site/src/components/notice';
import {getErrorMessage} from '@site/src/lib/errors';
import type {WebhookSecretResponse} from '@intakekit/contract/schemas/webhooks';
import {revealSecret, rollSecret} from '../api/endpoints';
import {WEBHOOKS_TEXT} from '../lib/texts';
import BusyButton from '@site/src/components/busy-button';
import {When} from '@site/src/components/webhook-delivery/facts';
import styles from './styles.module.css';

/**
 * The endpoint's signing secret, hidden until Reveal (each reveal is in the activity log), with Copy; 'Roll secret'
 * (confirmed) replaces it while the old one keeps signing for a day.
 */
export default function SigningSecret({endpointId, canManage}: {endpointId: string; canManage: boolean}): ReactNode {
  const [secret, setSecret] = useState<WebhookSecretResponse | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [rolled, setRolled] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const roll = useConfirmAction();
  if (!canManage) return <p className={styles.muted}>{WEBHOOKS_TEXT.secretManagersOnly}</p>;

  const reveal = async () => {
    setRevealing(true);
    setFailure(null);
    try {
      setSecret(await revealSecret(endpointId));
    } catch (caught) {
      setFailure(getErrorMessage(caught));
    } finally {
      setRevealing(false);
    }
  };
  const close = () => {
    setConfirming(false);
    roll.reset();
  };
  return (
    <div className={styles.secret}>
      <div className={styles.secretRow}>
        <code className={styles.secretValue}>
          {secret ? (
            secret.secret
          ) : (
            <>
              <span aria-hidden="true">whsec_••••••••••••••••</span>
              <span className="sr-only">Hidden until you reveal it</span>
            </>
          )}
        </code>
        {secret ? (
          <CopyButton value={secret.secret} label="Copy the signing secret" />
        ) : (
          <BusyButton
            className="button button--sm button--secondary"
            onClick={() => void reveal()}
            busy={revealing}
            busyLabel="Revealing..."
          >
            Reveal
          </BusyButton>
        )}
        <button
          type="button"
          className="button button--sm button--outline button--danger"
          onClick={() => setConfirming(true)}
        >
          Roll secret
        </button>
      </div>
      {failure ? <Notice variant="error">{failure}</Notice> : null}
      {rolled && secret?.previousSecretExpiresAt ? (
        <Notice variant="success">
          Secret rolled. The previous secret also signs until <When iso={secret.previousSecretExpiresAt} />.
        </Notice>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={close}
        title={WEBHOOKS_TEXT.confirmRoll}
        description={WEBHOOKS_TEXT.rollConsequence}
        confirmLabel="Roll secret"
        pendingLabel="Rolling..."
        {...roll.dialogProps(async () => {
          setSecret(await rollSecret(endpointId));
          setRolled(true);
          close();
        })}
      />
    </div>
  );
}

import type {ReactNode} from 'react';
import Dialog from '@site/src/components/dialog';
import Notice from '@site/src/components/notice';
import {getErrorMessage} from '@site/src/lib/errors';
import type {WebhookDelivery} from '@intakekit/contract/schemas/webhooks';
import {useResend} from '../api/deliveries';
import BusyButton from '@site/src/components/busy-button';
import DeliveryDetails from './delivery-details';
import styles from './styles.module.css';

interface Props {
  endpointId: string;
  delivery: WebhookDelivery;
  canManage: boolean;
  onClose: () => void;
  /** After a resend: the log reloads. */
  onResent: () => Promise<unknown>;
}

/** One delivery of the log, whole; 'Resend' sends the event again now (owners and admins). */
export default function DeliveryDialog({endpointId, delivery, canManage, onClose, onResent}: Props): ReactNode {
  const resend = useResend(endpointId, delivery.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delivery"
      className={styles.dialog}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
            Close
          </button>
          {canManage ? (
            <BusyButton
              className="button button--primary"
              busy={resend.isMutating}
              busyLabel="Resending..."
              onClick={() => void resend.trigger().then(onResent, () => undefined)}
            >
              Resend
            </BusyButton>
          ) : null}
        </>
      }
    >
      {resend.error ? <Notice variant="error">{getErrorMessage(resend.error)}</Notice> : null}
      {resend.data && !resend.isMutating && !resend.error ? (
        <Notice variant="success">Sent again with the same webhook-id. The log shows the new attempt.</Notice>
      ) : null}
      <DeliveryDetails delivery={delivery} />
    </Dialog>
  );
}

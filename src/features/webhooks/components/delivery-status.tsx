import type {ReactNode} from 'react';
import clsx from 'clsx';
import {toneClass} from '@site/src/components/tone';
import type {WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import {DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES} from '../lib/deliveries';
import styles from './styles.module.css';

/** A delivery's state as a pill: pending, delivered or failed. */
export default function DeliveryStatus({status}: {status: WebhookDeliveryStatus}): ReactNode {
  return (
    <span className={clsx(styles.pill, toneClass(DELIVERY_STATUS_TONES[status]))}>
      {DELIVERY_STATUS_LABELS[status]}
    </span>
  );
}

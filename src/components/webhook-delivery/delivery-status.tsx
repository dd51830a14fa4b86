import type {ReactNode} from 'react';
import clsx from 'clsx';
import {toneClass, type Tone} from '@site/src/components/tone';
import type {WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import {DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES} from './delivery-words';
import styles from './styles.module.css';

/** A short state in a rounded label, coloured by its tone. */
export function Pill({tone, children}: {tone: Tone; children: ReactNode}): ReactNode {
  return <span className={clsx(styles.pill, toneClass(tone))}>{children}</span>;
}

/** A delivery's state as a pill: pending, delivered or failed. */
export default function DeliveryStatus({status}: {status: WebhookDeliveryStatus}): ReactNode {
  return <Pill tone={DELIVERY_STATUS_TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</Pill>;
}

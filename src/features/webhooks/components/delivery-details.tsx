import type {ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import type {WebhookDelivery} from '@intakekit/contract/schemas/webhooks';
import {WEBHOOK_EVENT_LABELS} from '@intakekit/contract/webhooks';
import {WEBHOOKS_TEXT} from '../lib/texts';
import AttemptView from './attempt-view';
import BodyBlock from './body-block';
import DeliveryStatus from '@site/src/components/webhook-delivery/delivery-status';
import {Fact, Facts, When} from '@site/src/components/webhook-delivery/facts';
import styles from './styles.module.css';

/**
 * One event sent to one endpoint: what it is, its state, the body as sent (or why it is hidden) and every attempt,
 * oldest first. Headings start at h3: it sits in a dialog or a section titled by its page.
 */
export default function DeliveryDetails({delivery}: {delivery: WebhookDelivery}): ReactNode {
  return (
    <div className={styles.delivery}>
      <Facts>
        <Fact term="Event">
          {WEBHOOK_EVENT_LABELS[delivery.eventType]} (<code>{delivery.eventType}</code>)
        </Fact>
        <Fact term="webhook-id">
          <code>{delivery.eventId}</code>
        </Fact>
        <Fact term="Status">
          <DeliveryStatus status={delivery.status} />
        </Fact>
        <Fact term="Created">
          <When iso={delivery.createdAt} />
        </Fact>
        {delivery.nextAttemptAt ? (
          <Fact term="Next attempt">
            <When iso={delivery.nextAttemptAt} />
          </Fact>
        ) : null}
      </Facts>
      <h3 className={styles.subheading}>Request body</h3>
      {delivery.requestBody === null ? (
        <Notice variant="info">{WEBHOOKS_TEXT.bodyHidden}</Notice>
      ) : (
        <BodyBlock body={delivery.requestBody} label="Request body" />
      )}
      <h3 className={styles.subheading}>
        {delivery.attempts.length === 1 ? '1 attempt' : `${delivery.attempts.length} attempts`}
      </h3>
      {delivery.attempts.length === 0 ? (
        <p className={styles.muted}>No attempt yet: the first is made within seconds.</p>
      ) : (
        <ol className={styles.attempts}>
          {delivery.attempts.map((attempt, index) => (
            <AttemptView key={attempt.at} attempt={attempt} number={index + 1} />
          ))}
        </ol>
      )}
    </div>
  );
}

import {useId, type ReactNode} from 'react';
import useSWR from 'swr';
import Notice from '@site/src/components/notice';
import {deliveriesPath} from '@site/src/components/webhook-delivery/api';
import DeliveryStatus from '@site/src/components/webhook-delivery/delivery-status';
import {attemptOutcome} from '@site/src/components/webhook-delivery/delivery-words';
import {Fact, Facts} from '@site/src/components/webhook-delivery/facts';
import {getErrorMessage} from '@site/src/lib/errors';
import type {SignatureCheck} from '@site/src/lib/webhook-signature';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryListResponse,
  WebhookEndpoint,
} from '@intakekit/contract/schemas/webhooks';
import {DELIVERY_TEXT, failedDelivery, notVerified} from '../lib/delivery-text';
import {deliveryRefreshMs, findSubmissionDelivery} from '../lib/submission-delivery';
import SignatureSteps from './signature-steps';
import {useRevealedSecret, useSignatureCheck} from './use-signature-check';
import styles from './delivery.module.css';

interface Props {
  endpoint: WebhookEndpoint;
  submissionId: string;
  /** Owners and admins: the secret may be revealed and the signature checked with it. */
  canManage: boolean;
}

/** The one line the live region says: waiting, delivered, failed, then the signature's verdict. */
function statusLine(delivery?: WebhookDelivery, attempt?: WebhookAttempt, check?: SignatureCheck | null): string {
  if (!delivery || !attempt || delivery.status === 'pending') return DELIVERY_TEXT.waiting;
  if (delivery.status === 'failed') return failedDelivery(attemptOutcome(attempt));
  if (!check) return DELIVERY_TEXT.delivered;
  return check.failedStep === null ? DELIVERY_TEXT.verified : notVerified(check.failedStep);
}

/** One endpoint's delivery of the demo's submission, read every second until it is done, and its signature checked. */
export default function EndpointDelivery({endpoint, submissionId, canManage}: Props): ReactNode {
  const headingId = useId();
  const {data, error} = useSWR<WebhookDeliveryListResponse>(deliveriesPath(endpoint.id, ''), {
    refreshInterval: (latest?: WebhookDeliveryListResponse) =>
      deliveryRefreshMs(latest && findSubmissionDelivery(latest.deliveries, submissionId)),
  });
  const delivery = data && findSubmissionDelivery(data.deliveries, submissionId);
  const attempt = delivery?.attempts.at(-1);
  const secret = useRevealedSecret(endpoint.id);
  const check = useSignatureCheck(delivery, attempt, secret.secret);
  return (
    <article className={styles.endpoint} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.endpointTitle}>
        {endpoint.description || endpoint.url}
      </h3>
      {endpoint.description ? <code className={styles.url}>{endpoint.url}</code> : null}
      <p role="status" className={styles.status}>
        {statusLine(delivery, attempt, check)}
      </p>
      {error ? <Notice variant="error">{getErrorMessage(error)}</Notice> : null}
      {delivery && attempt ? (
        <>
          <Facts>
            <Fact term="Status">
              <DeliveryStatus status={delivery.status} />
            </Fact>
            <Fact term="HTTP status">{attemptOutcome(attempt)}</Fact>
            <Fact term="Latency">{attempt.latencyMs} ms</Fact>
            <Fact term="webhook-id">
              <code>{delivery.eventId}</code>
            </Fact>
          </Facts>
          {delivery.requestBody === null ? null : (
            <SignatureSteps
              attempt={attempt}
              body={delivery.requestBody}
              check={check}
              secret={canManage ? secret : null}
            />
          )}
        </>
      ) : null}
    </article>
  );
}

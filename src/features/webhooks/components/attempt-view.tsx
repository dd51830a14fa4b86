import type {ReactNode} from 'react';
import type {WebhookAttempt} from '@intakekit/contract/schemas/webhooks';
import {attemptOutcome} from '@site/src/components/webhook-delivery/delivery-words';
import {Pill} from '@site/src/components/webhook-delivery/delivery-status';
import {Fact, Facts, When} from '@site/src/components/webhook-delivery/facts';
import SignatureHeaders from '@site/src/components/webhook-delivery/signature-headers';
import BodyBlock from './body-block';
import styles from './styles.module.css';

/** One attempt of a delivery: when, how it ended and how fast, the request's headers and the answer's body. */
export default function AttemptView({attempt, number}: {attempt: WebhookAttempt; number: number}): ReactNode {
  const ok = attempt.error === null && attempt.responseStatus !== null && attempt.responseStatus < 300;
  return (
    <li className={styles.attempt}>
      <h4 className={styles.attemptTitle}>
        Attempt {number}, <When iso={attempt.at} />
      </h4>
      <Facts>
        <Fact term="Outcome">
          <Pill tone={ok ? 'success' : 'danger'}>{attemptOutcome(attempt)}</Pill>
        </Fact>
        <Fact term="Latency">{attempt.latencyMs} ms</Fact>
        {attempt.errorMessage ? <Fact term="Error">{attempt.errorMessage}</Fact> : null}
      </Facts>
      <h5 className={styles.minorTitle}>Request headers</h5>
      <SignatureHeaders headers={attempt.requestHeaders} />
      <h5 className={styles.minorTitle}>Response body</h5>
      {attempt.responseBody ? (
        <BodyBlock body={attempt.responseBody} label={`Response body of attempt ${number}`} />
      ) : (
        <p className={styles.muted}>Empty.</p>
      )}
    </li>
  );
}

import type {ReactNode} from 'react';
import clsx from 'clsx';
import {toneClass} from '@site/src/components/tone';
import type {WebhookAttempt} from '@intakekit/contract/schemas/webhooks';
import {attemptOutcome} from '../lib/deliveries';
import BodyBlock from './body-block';
import SignatureHeaders from './signature-headers';
import {Fact, When} from './facts';
import styles from './styles.module.css';

/** One attempt of a delivery: when, how it ended and how fast, the request's headers and the answer's body. */
export default function AttemptView({attempt, number}: {attempt: WebhookAttempt; number: number}): ReactNode {
  const ok = attempt.error === null && attempt.responseStatus !== null && attempt.responseStatus < 300;
  return (
    <li className={styles.attempt}>
      <h4 className={styles.attemptTitle}>
        Attempt {number}, <When iso={attempt.at} />
      </h4>
      <dl className={styles.facts}>
        <Fact term="Outcome">
          <span className={clsx(styles.pill, toneClass(ok ? 'success' : 'danger'))}>{attemptOutcome(attempt)}</span>
        </Fact>
        <Fact term="Latency">{attempt.latencyMs} ms</Fact>
        {attempt.errorMessage ? <Fact term="Error">{attempt.errorMessage}</Fact> : null}
      </dl>
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

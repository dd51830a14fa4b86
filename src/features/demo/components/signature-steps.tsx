import type {ReactNode} from 'react';
import BusyButton from '@site/src/components/busy-button';
import Notice from '@site/src/components/notice';
import {Pill} from '@site/src/components/webhook-delivery/delivery-status';
import {When} from '@site/src/components/webhook-delivery/facts';
import {signatureValues, signedContent, timestampCheck, type SignatureCheck} from '@site/src/lib/webhook-signature';
import type {WebhookAttempt} from '@intakekit/contract/schemas/webhooks';
import {DELIVERY_TEXT} from '../lib/delivery-text';
import {signedHeaders, type useRevealedSecret} from './use-signature-check';
import styles from './delivery.module.css';

interface Props {
  attempt: WebhookAttempt;
  body: string;
  check: SignatureCheck | null;
  /** Null for members: the secret is only for owners and admins. */
  secret: ReturnType<typeof useRevealedSecret> | null;
}

function Step({title, passed, children}: {title: string; passed?: boolean | null; children: ReactNode}): ReactNode {
  return (
    <li className={styles.step}>
      <div className={styles.stepTitle}>
        <span>{title}</span>
        {passed === true ? <Pill tone="success">Passed</Pill> : null}
        {passed === false ? <Pill tone="danger">Failed</Pill> : null}
      </div>
      {children}
    </li>
  );
}

/** A receiver's five checks of one attempt, each as it came out; the secret's steps wait for Reveal. */
export default function SignatureSteps({attempt, body, check, secret}: Props): ReactNode {
  const headers = signedHeaders(attempt);
  const timestamp = timestampCheck(headers.timestamp, new Date(attempt.at));
  const signatures = check?.signatures ?? signatureValues(headers.signature).map((value) => ({value, matches: null}));
  const sentAt = Number(headers.timestamp) * 1000;
  return (
    <>
      <ol className={styles.steps} aria-label="Signature check">
        <Step title="1. The signed content: webhook-id, webhook-timestamp and the body as sent, joined by dots">
          <code className={styles.content}>{signedContent(headers.id, headers.timestamp, body)}</code>
        </Step>
        <Step
          title="2. The key: the endpoint's secret, base64-decoded after whsec_"
          passed={check ? check.keyBytes !== null : null}
        >
          {secret === null ? (
            <p className={styles.note}>{DELIVERY_TEXT.secretManagersOnly}</p>
          ) : secret.secret ? (
            <p className={styles.line}>
              <code className={styles.value}>{secret.secret}</code>
              {check?.keyBytes ? <span className={styles.note}>{check.keyBytes} bytes</span> : null}
            </p>
          ) : (
            <p className={styles.line}>
              <code aria-hidden="true">whsec_••••••••••••••••</code>
              <span className="sr-only">Hidden until you reveal it</span>
              <BusyButton
                className="button button--sm button--secondary"
                onClick={() => void secret.reveal()}
                busy={secret.revealing}
                busyLabel="Revealing..."
              >
                Reveal
              </BusyButton>
            </p>
          )}
          {secret?.failure ? <Notice variant="error">{secret.failure}</Notice> : null}
        </Step>
        <Step
          title="3. HMAC-SHA256 of the content with the key, in base64"
          passed={check ? check.computed !== null : null}
        >
          {check?.computed ? (
            <code className={styles.value}>{check.computed}</code>
          ) : (
            <p className={styles.note}>{DELIVERY_TEXT.needsSecret}</p>
          )}
        </Step>
        <Step
          title="4. Compared with each v1 signature of webhook-signature"
          passed={check?.computed ? check.failedStep !== 4 : null}
        >
          <ul className={styles.signatures}>
            {signatures.map(({value, matches}) => (
              <li key={value} className={styles.line}>
                <code className={styles.value}>v1,{value}</code>
                {matches === true ? <Pill tone="success">Matches</Pill> : null}
                {matches === false && check?.computed ? <Pill tone="neutral">No match</Pill> : null}
              </li>
            ))}
          </ul>
        </Step>
        <Step title="5. The timestamp is recent" passed={timestamp.within}>
          <p className={styles.note}>
            Sent at{' '}
            {Number.isFinite(sentAt) ? <When iso={new Date(sentAt).toISOString()} /> : <code>{headers.timestamp}</code>}
            , received {timestamp.skewSeconds} s later: {timestamp.within ? '' : 'not '}
            {DELIVERY_TEXT.tolerance}.
          </p>
        </Step>
      </ol>
      {check?.error ? <Notice variant="error">{`Step ${check.failedStep}: ${check.error}`}</Notice> : null}
    </>
  );
}

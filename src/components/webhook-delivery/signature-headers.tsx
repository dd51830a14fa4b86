import type {ReactNode} from 'react';
import {splitHeaders} from './delivery-words';
import styles from './styles.module.css';

interface Props {
  /** The request's headers as sent (or as the inbox received them). */
  headers: Readonly<Record<string, string>>;
  /** Also list the other headers (content type, user agent), below the signature ones. */
  showOther?: boolean;
}

/**
 * The Standard Webhooks headers of one request: webhook-id (the same on every retry), webhook-timestamp and each
 * signature of webhook-signature on its own line (two while a rolled secret still signs).
 */
export default function SignatureHeaders({headers, showOther = true}: Props): ReactNode {
  const {signature, signatures, other} = splitHeaders(headers);
  return (
    <dl className={styles.headers} aria-label="Request headers">
      {signature.map(([name, value]) => (
        <div key={name} className={styles.header}>
          <dt>
            <code>{name}</code>
          </dt>
          <dd>
            {name === 'webhook-signature' ? (
              <>
                {signatures.map((part) => (
                  <code key={part} className={styles.signature}>
                    {part}
                  </code>
                ))}
                {signatures.length > 1 ? (
                  <span className={styles.muted}>One signature per secret: the rolled one still signs.</span>
                ) : null}
              </>
            ) : (
              <code>{value}</code>
            )}
          </dd>
        </div>
      ))}
      {showOther
        ? other.map(([name, value]) => (
            <div key={name} className={styles.header}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))
        : null}
    </dl>
  );
}

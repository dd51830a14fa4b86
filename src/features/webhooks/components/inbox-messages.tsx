import type {ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import type {WebhookInboxMessage} from '@intakekit/contract/schemas/webhook-inbox';
import {bodyEventType} from '../lib/deliveries';
import {WEBHOOKS_TEXT} from '../lib/texts';
import BodyBlock from './body-block';
import SignatureHeaders from '@site/src/components/webhook-delivery/signature-headers';
import {When} from '@site/src/components/webhook-delivery/facts';
import {toSecond as when} from '@site/src/lib/local-time';
import styles from './styles.module.css';

/** What the test inbox received, newest first and open: each request's signature headers and body, as received. */
export default function InboxMessages({messages}: {messages: WebhookInboxMessage[]}): ReactNode {
  if (messages.length === 0) return <p className={styles.muted}>{WEBHOOKS_TEXT.inboxEmpty}</p>;
  return (
    <>
      <h3 className={styles.subheading}>Received ({messages.length} in the last 24 hours)</h3>
      <ul className={styles.messages} aria-label="Received requests">
        {messages.map((message, index) => {
          const type = bodyEventType(message.body);
          const webhookId = message.headers['webhook-id'];
          return (
            <li key={message.id}>
              <details className={styles.message} open={index === 0}>
                <summary>
                  <When iso={message.receivedAt} />
                  {type ? <code>{type}</code> : null}
                  {webhookId ? <code className={styles.small}>{webhookId}</code> : null}
                </summary>
                <SignatureHeaders headers={message.headers} showOther={false} />
                {message.body === null ? (
                  <Notice variant="info">{WEBHOOKS_TEXT.inboxBodyHidden}</Notice>
                ) : (
                  <BodyBlock body={message.body} label={`Body received ${when(message.receivedAt)}`} />
                )}
              </details>
            </li>
          );
        })}
      </ul>
    </>
  );
}

import {useState, type ReactNode} from 'react';
import CopyButton from '@site/src/components/copy-button';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel, {PanelLoading} from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {createInbox, useWebhookInbox} from '../api/inbox';
import {inboxUrl} from '../lib/deliveries';
import {WEBHOOKS_TEXT} from '../lib/texts';
import BusyButton from '@site/src/components/busy-button';
import InboxMessages from './inbox-messages';
import styles from './styles.module.css';

interface Props {
  endpoints: WebhookEndpoint[] | undefined;
  canManage: boolean;
  /** Adds the inbox's URL as a sandbox endpoint. */
  onAddEndpoint: (url: string) => Promise<unknown>;
}

/** The test inbox: 'Add the test inbox' in one click, its URL, and what it received (read again every few seconds). */
export default function TestInbox({endpoints, canManage, onAddEndpoint}: Props): ReactNode {
  const {apiUrl} = usePortalFields();
  const {data, error, mutate} = useWebhookInbox();
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const url = data?.inbox ? inboxUrl(apiUrl, data.inbox.path) : null;
  const added = Boolean(url && endpoints?.some((endpoint) => endpoint.url === url));

  const add = async () => {
    setAdding(true);
    setFailure(null);
    try {
      const {inbox} = await createInbox();
      await onAddEndpoint(inboxUrl(apiUrl, inbox.path));
      await mutate();
    } catch (caught) {
      setFailure(getErrorMessage(caught));
    } finally {
      setAdding(false);
    }
  };

  let body: ReactNode;
  if (error && !data) {
    body = (
      <LoadFailed
        title="The test inbox could not be loaded."
        message={getErrorMessage(error)}
        onRetry={() => void mutate()}
      />
    );
  } else if (!data || !endpoints) {
    body = <PanelLoading label="Loading the test inbox..." />;
  } else {
    body = (
      <>
        {!added && canManage ? (
          <p>
            <BusyButton
              className="button button--primary button--sm"
              onClick={() => void add()}
              busy={adding}
              busyLabel="Adding..."
            >
              Add the test inbox
            </BusyButton>
          </p>
        ) : null}
        {!data.inbox && !canManage ? <p className={styles.muted}>{WEBHOOKS_TEXT.inboxManagersOnly}</p> : null}
        {failure ? <Notice variant="error">{failure}</Notice> : null}
        {url ? (
          <>
            <div className={styles.secretRow}>
              <span className={styles.label}>Endpoint URL</span>
              <code className={styles.url}>{url}</code>
              <CopyButton value={url} label="Copy the test inbox URL" />
            </div>
            <InboxMessages messages={data.messages} />
          </>
        ) : null}
      </>
    );
  }
  return (
    <Panel id="webhook-inbox" title="Test inbox" description={WEBHOOKS_TEXT.inboxDescription}>
      {body}
    </Panel>
  );
}

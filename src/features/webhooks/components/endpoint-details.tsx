import {useState, type ReactNode} from 'react';
import ConfirmDialog from '@site/src/components/confirm-dialog';
import {useConfirmAction} from '@site/src/components/confirm-dialog/use-confirm-action';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {getErrorMessage} from '@site/src/lib/errors';
import type {WebhookEndpoint, WebhookEndpointChanges} from '@intakekit/contract/schemas/webhooks';
import {WEBHOOK_EVENT_LABELS, type WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import {sendTestEvent} from '../api/endpoints';
import {useDeliveries} from '../api/deliveries';
import {endpointState} from '../lib/endpoint-state';
import {ENVIRONMENT_LABELS} from '@intakekit/contract/api-keys';
import {WEBHOOKS_TEXT} from '../lib/texts';
import BusyButton from '@site/src/components/busy-button';
import DeliveryLog from './delivery-log';
import EndpointStateBadge from './endpoint-state';
import SigningSecret from './signing-secret';
import {Fact, Facts, When} from '@site/src/components/webhook-delivery/facts';
import {toSecond as when} from '@site/src/lib/local-time';
import styles from './styles.module.css';

interface Props {
  endpoint: WebhookEndpoint;
  canManage: boolean;
  onEdit: () => void;
  onChange: (changes: WebhookEndpointChanges) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

type Sent = {ok: true; eventId: string} | {ok: false; message: string};

/** The endpoint shown: its settings and state, its actions (owners and admins), its signing secret and its log. */
export default function EndpointDetails({endpoint, canManage, onEdit, onChange, onDelete}: Props): ReactNode {
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const pages = useDeliveries(endpoint.id, status);
  const [busy, setBusy] = useState<'test' | 'toggle' | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deletion = useConfirmAction();
  const state = endpointState(endpoint);

  /** Send test and Enable/Disable: one runs at a time, the one running says so, and a refusal shows below them. */
  const runButton = (which: 'test' | 'toggle', action: () => Promise<void>) => ({
    onClick: async () => {
      setBusy(which);
      setSent(null);
      try {
        await action();
      } catch (caught) {
        setSent({ok: false, message: getErrorMessage(caught)});
      } finally {
        setBusy(null);
      }
    },
    disabled: busy !== null,
    busy: busy === which,
  });
  const sendTest = async () => {
    const {eventId} = await sendTestEvent(endpoint.id);
    setSent({ok: true, eventId});
    await pages.mutate();
  };
  const toggle = async () => {
    await onChange({enabled: !endpoint.enabled});
  };
  const closeConfirm = () => {
    setConfirming(false);
    deletion.reset();
  };
  return (
    <>
      <Panel
        id="webhook-endpoint"
        title={endpoint.description || 'Endpoint'}
        description={<span className={styles.url}>{endpoint.url}</span>}
        aside={<EndpointStateBadge endpoint={endpoint} />}
      >
        {state.label === 'Failing' ? (
          <Notice variant="warning" title={state.detail}>
            Failing since {endpoint.failingSince ? when(endpoint.failingSince) : 'the last attempt'}.{' '}
            {WEBHOOKS_TEXT.failingWarning}
          </Notice>
        ) : state.label === 'Disabled' ? (
          <Notice variant={state.tone === 'danger' ? 'error' : 'info'}>{state.detail}</Notice>
        ) : null}
        <Facts>
          <Fact term="Environment">{ENVIRONMENT_LABELS[endpoint.environment]}</Fact>
          <Fact term="Events">{endpoint.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')}</Fact>
          <Fact term="Payload">
            {endpoint.payloadStyle === 'full' ? 'Full: the answers in the body' : 'Thin: ids only'}
          </Fact>
          <Fact term="Added">
            <When iso={endpoint.createdAt} />
          </Fact>
        </Facts>
        {canManage ? (
          <div className={styles.actions}>
            <BusyButton
              className="button button--sm button--primary"
              {...runButton('test', sendTest)}
              busyLabel="Sending..."
            >
              Send test event
            </BusyButton>
            <button
              type="button"
              className="button button--sm button--secondary"
              onClick={onEdit}
              disabled={busy !== null}
            >
              Edit
            </button>
            <BusyButton
              className="button button--sm button--secondary"
              {...runButton('toggle', toggle)}
              busyLabel="Saving..."
            >
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </BusyButton>
            <button
              type="button"
              className="button button--sm button--outline button--danger"
              onClick={() => setConfirming(true)}
              disabled={busy !== null}
            >
              Delete
            </button>
          </div>
        ) : null}
        {sent ? (
          sent.ok ? (
            <Notice variant="success">
              Test event sent as <code>{sent.eventId}</code>. Its delivery shows in the log below.
            </Notice>
          ) : (
            <Notice variant="error">{sent.message}</Notice>
          )
        ) : null}
        <h3 className={styles.subheading}>Signing secret</h3>
        <SigningSecret key={endpoint.id} endpointId={endpoint.id} canManage={canManage} />
      </Panel>
      <DeliveryLog endpointId={endpoint.id} pages={pages} status={status} onStatus={setStatus} canManage={canManage} />
      <ConfirmDialog
        open={confirming}
        onClose={closeConfirm}
        title={WEBHOOKS_TEXT.confirmDelete}
        description={`${endpoint.url}. ${WEBHOOKS_TEXT.deleteConsequence}`}
        confirmLabel="Delete endpoint"
        pendingLabel="Deleting..."
        {...deletion.dialogProps(async () => {
          await onDelete();
          closeConfirm();
        })}
      />
    </>
  );
}

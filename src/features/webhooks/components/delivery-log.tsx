import {useState, type ReactNode} from 'react';
import {Cell} from '@site/src/components/data-table';
import EmptyState from '@site/src/components/empty-state';
import PagedTable from '@site/src/components/paged-table';
import Panel from '@site/src/components/panel';
import SelectField from '@site/src/components/select-field';
import SelectOptions from '@site/src/components/select-options';
import type {WebhookDelivery} from '@intakekit/contract/schemas/webhooks';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryStatus,
} from '@intakekit/contract/webhooks';
import type {useDeliveries} from '../api/deliveries';
import {DELIVERY_STATUS_LABELS} from '@site/src/components/webhook-delivery/delivery-words';
import DeliveryDialog from './delivery-dialog';
import DeliveryStatus from '@site/src/components/webhook-delivery/delivery-status';
import RecoverForm from './recover-form';
import {toSecond as when} from '@site/src/lib/local-time';
import styles from './styles.module.css';

const COLUMNS = ['Time', 'Event', 'Status', 'Attempts', 'Actions'] as const;
const LIST_WORDS = {
  label: 'Deliveries',
  loadingLabel: 'Loading the delivery log...',
  failedTitle: 'The delivery log could not be loaded.',
  moreLabel: 'Load more deliveries',
};

interface Props {
  endpointId: string;
  pages: ReturnType<typeof useDeliveries>;
  status: WebhookDeliveryStatus | '';
  onStatus: (status: WebhookDeliveryStatus | '') => void;
  canManage: boolean;
}

/** The endpoint's delivery log: each event and its state, filtered by status; View opens its attempts. */
export default function DeliveryLog({endpointId, pages, status, onStatus, canManage}: Props): ReactNode {
  const [opened, setOpened] = useState<WebhookDelivery | null>(null);
  const deliveries = pages.data?.flatMap((page) => page.deliveries) ?? [];
  // The open delivery follows the log as it reloads (a resend adds an attempt).
  const open = opened ? (deliveries.find((d) => d.id === opened.id) ?? opened) : null;
  const rows = deliveries.map((delivery) => {
    const time = when(delivery.createdAt);
    return (
      <tr role="row" key={delivery.id}>
        <Cell label="Time">
          <time dateTime={delivery.createdAt}>{time}</time>
        </Cell>
        <Cell label="Event">
          <div className={styles.cellStack}>
            <span className={styles.eventLabel}>{WEBHOOK_EVENT_LABELS[delivery.eventType]}</span>
            <code className={styles.small}>{delivery.eventId}</code>
          </div>
        </Cell>
        <Cell label="Status">
          <DeliveryStatus status={delivery.status} />
        </Cell>
        <Cell label="Attempts">{delivery.attemptCount}</Cell>
        <Cell label="Actions">
          <button
            type="button"
            className="button button--sm button--outline button--primary"
            aria-label={`View the ${delivery.eventType} delivery of ${time}`}
            onClick={() => setOpened(delivery)}
          >
            View
          </button>
        </Cell>
      </tr>
    );
  });
  const empty = status ? (
    <EmptyState title={`No ${DELIVERY_STATUS_LABELS[status].toLowerCase()} deliveries`}>
      Choose another status to see more.
    </EmptyState>
  ) : (
    <EmptyState title="No deliveries yet">Events sent to this endpoint, and every attempt, appear here.</EmptyState>
  );
  return (
    <Panel
      id="webhook-deliveries"
      title="Delivery log"
      description="Each event sent to this endpoint, newest first, with every attempt."
      flush
    >
      <div className={styles.logTools}>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => onStatus(event.target.value as WebhookDeliveryStatus | '')}
        >
          <option value="">All statuses</option>
          <SelectOptions values={WEBHOOK_DELIVERY_STATUSES} labels={DELIVERY_STATUS_LABELS} />
        </SelectField>
        {canManage ? <RecoverForm endpointId={endpointId} onRecovered={() => pages.mutate()} /> : null}
      </div>
      <PagedTable {...LIST_WORDS} pages={pages} columns={COLUMNS} rows={rows} empty={empty} />
      {open ? (
        <DeliveryDialog
          endpointId={endpointId}
          delivery={open}
          canManage={canManage}
          onClose={() => setOpened(null)}
          onResent={() => pages.mutate()}
        />
      ) : null}
    </Panel>
  );
}

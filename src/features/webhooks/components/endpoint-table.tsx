import type {ReactNode} from 'react';
import DataTable, {Cell} from '@site/src/components/data-table';
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {WEBHOOK_EVENT_LABELS} from '@intakekit/contract/webhooks';
import {ENVIRONMENT_LABELS} from '@intakekit/contract/api-keys';
import EndpointStateBadge from './endpoint-state';
import styles from './styles.module.css';

const COLUMNS = ['Endpoint', 'Environment', 'Events', 'Status', 'Actions'] as const;

interface Props {
  endpoints: WebhookEndpoint[];
  selectedId: string | null;
  onSelect: (endpoint: WebhookEndpoint) => void;
}

/** The endpoints: URL and description, environment, events, state; View shows its details and log below. */
export default function EndpointTable({endpoints, selectedId, onSelect}: Props): ReactNode {
  return (
    <DataTable label="Webhook endpoints" columns={COLUMNS}>
      {endpoints.map((endpoint) => (
        <tr
          role="row"
          key={endpoint.id}
          aria-current={endpoint.id === selectedId || undefined}
          className={endpoint.id === selectedId ? styles.selectedRow : undefined}
        >
          <Cell label="Endpoint">
            <div className={styles.cellStack}>
              <span className={styles.url}>{endpoint.url}</span>
              {endpoint.description ? <span className={styles.muted}>{endpoint.description}</span> : null}
            </div>
          </Cell>
          <Cell label="Environment">{ENVIRONMENT_LABELS[endpoint.environment]}</Cell>
          <Cell label="Events">
            <ul className={styles.events}>
              {endpoint.eventTypes.map((type) => (
                <li key={type} title={WEBHOOK_EVENT_LABELS[type]}>
                  <code>{type}</code>
                </li>
              ))}
            </ul>
          </Cell>
          <Cell label="Status">
            <EndpointStateBadge endpoint={endpoint} />
          </Cell>
          <Cell label="Actions">
            <button
              type="button"
              className="button button--sm button--outline button--primary"
              aria-label={`View ${endpoint.description || endpoint.url}`}
              aria-pressed={endpoint.id === selectedId}
              onClick={() => onSelect(endpoint)}
            >
              View
            </button>
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import DataTable, {Cell} from '@site/src/components/data-table';
import {Pill} from '@site/src/components/webhook-delivery/delivery-status';
import type {FlowSummary} from '@intakekit/contract/schemas/flows';
import {STATUS_LABELS} from '../lib/texts';
import {flowPageHref} from '../lib/route';
import styles from './page.module.css';

const COLUMNS = ['Flow', 'Status', 'Latest version', 'Sessions (7 days)', 'Actions'] as const;
const TONES = {draft: 'neutral', published: 'success', archived: 'warning'} as const;

/** The team's flows: id and title, status, latest version, sessions in the last 7 days; Open shows one. */
export default function FlowTable({flows}: {flows: readonly FlowSummary[]}): ReactNode {
  return (
    <DataTable label="Your intake flows" columns={COLUMNS}>
      {flows.map((flow) => (
        <tr role="row" key={flow.flowId}>
          <Cell label="Flow">
            <span className={styles.cellStack}>
              <span className={styles.strong}>{flow.title}</span>
              <code className={styles.id}>{flow.flowId}</code>
            </span>
          </Cell>
          <Cell label="Status">
            <span className={styles.cellStack}>
              <Pill tone={TONES[flow.status]}>{STATUS_LABELS[flow.status]}</Pill>
              {flow.hasUnpublishedChanges && flow.status !== 'draft' ? (
                <span className={styles.muted}>Unpublished changes</span>
              ) : null}
            </span>
          </Cell>
          <Cell label="Latest version">{flow.latestVersion === null ? 'None' : `Version ${flow.latestVersion}`}</Cell>
          <Cell label="Sessions (7 days)">{flow.sessionsLast7Days.toLocaleString()}</Cell>
          <Cell label="Actions">
            <Link
              className="button button--sm button--outline button--primary"
              to={flowPageHref(flow.flowId)}
              aria-label={`Open ${flow.title} (${flow.flowId})`}
            >
              Open
            </Link>
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {WEBHOOK_EVENT_LABELS, WEBHOOK_RETRY_SCHEDULE_SECONDS} from '@intakekit/contract/webhooks';
import {WEBHOOK_EVENT_EXAMPLES} from '@intakekit/contract/webhook-examples';
import {codeList} from './code-list';
import {Table} from './table';
import {eventRows, payloadExample, retryRows, type PayloadStyle} from './webhook-tables';

// A call rather than a component: Table finds the <thead> among its children by element type.
const head = (columns: ReactNode[]) => (
  <thead>
    <tr>
      {columns.map((column, index) => (
        <th key={index}>{column}</th>
      ))}
    </tr>
  </thead>
);

/** The events an endpoint receives and what their `data` holds, from the contract's labels and example bodies. */
export function WebhookEventsTable(): ReactNode {
  return (
    <Table>
      {head([
        'Event',
        'Sent when',
        <>
          <code>data</code> holds
        </>,
      ])}
      <tbody>
        {eventRows(WEBHOOK_EVENT_LABELS, Object.values(WEBHOOK_EVENT_EXAMPLES)).map((row) => (
          <tr key={row.type}>
            <td>
              <code>{row.type}</code>
            </td>
            <td>{row.label}</td>
            <td>
              {codeList(row.fields)}
              {row.someFields.length > 0 && <>; with the full payload, {codeList(row.someFields)}</>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The contract's retry schedule: when each attempt goes. */
export function WebhookRetryTable(): ReactNode {
  return (
    <Table>
      {head(['Attempt', 'Sent', 'After the first'])}
      <tbody>
        {retryRows(WEBHOOK_RETRY_SCHEDULE_SECONDS).map((row) => (
          <tr key={row.attempt}>
            <td>{row.attempt}</td>
            <td>{row.wait}</td>
            <td>{row.sinceFirst}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A submission.created body in one payload style, as the contract's example gives it. */
export function WebhookPayloadExample({payload}: {payload: PayloadStyle}): ReactNode {
  const {title, json} = payloadExample(WEBHOOK_EVENT_EXAMPLES, payload);
  return (
    <CodeBlock language="json" title={title}>
      {json}
    </CodeBlock>
  );
}

import {Fragment, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {WEBHOOK_EVENT_LABELS, WEBHOOK_RETRY_SCHEDULE_SECONDS} from '@intakekit/contract/webhooks';
import {WEBHOOK_EVENT_EXAMPLES} from '@intakekit/contract/webhook-examples';
import {Table} from './table';
import {eventRows, payloadExample, retryRows, type PayloadStyle} from './webhook-tables';

const codes = (fields: string[]) =>
  fields.map((field, index) => (
    <Fragment key={field}>
      {index > 0 && ', '}
      <code>{field}</code>
    </Fragment>
  ));

/** The events an endpoint receives and what their `data` holds, from the contract's labels and example bodies. */
export function WebhookEventsTable(): ReactNode {
  return (
    <Table>
      <thead>
        <tr>
          <th>Event</th>
          <th>Sent when</th>
          <th>
            <code>data</code> holds
          </th>
        </tr>
      </thead>
      <tbody>
        {eventRows(WEBHOOK_EVENT_LABELS, Object.values(WEBHOOK_EVENT_EXAMPLES)).map((row) => (
          <tr key={row.type}>
            <td>
              <code>{row.type}</code>
            </td>
            <td>{row.label}</td>
            <td>
              {codes(row.fields)}
              {row.someFields.length > 0 && <>; with the full payload, {codes(row.someFields)}</>}
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
      <thead>
        <tr>
          <th>Attempt</th>
          <th>Sent</th>
          <th>After the first</th>
        </tr>
      </thead>
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

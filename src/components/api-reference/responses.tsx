import type {ReactNode} from 'react';
import clsx from 'clsx';
import {toneClass} from '@site/src/components/tone';
import {STATUS_TEXT, type OperationEntry} from './openapi';
import {errorCodes, flattenFields, jsonSchema} from './schema-rows';
import {Cell} from '@site/src/components/data-table';
import {FieldTable, NONE, RowHeader, Table} from './tables';
import styles from './tables.module.css';

/** An operation's answers: status, meaning and error codes (with their messages), then each success's body. */
export function Responses({entry}: {entry: OperationEntry}): ReactNode {
  // Statuses are ASCII digits: compared as code points. `localeCompare` would build ICU's collator on the page's
  // first call, a task of about 90 ms on a phone while the reference first renders.
  const responses = Object.entries(entry.operation.responses ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  const label = `${entry.method.toUpperCase()} ${entry.path}`;
  return (
    <>
      <Table caption={<>Responses of {label}</>} columns={['Status', 'Meaning', 'Error codes']}>
        {responses.map(([status, response]) => {
          const ok = status.startsWith('2');
          const codes = ok ? [] : errorCodes(response);
          return (
            <tr role="row" key={status}>
              <RowHeader label="Status">
                <span className={clsx(styles.status, toneClass(ok ? 'success' : 'danger'))}>{status}</span>
              </RowHeader>
              <Cell label="Meaning">{STATUS_TEXT[status] ?? (ok ? 'Success' : 'Error')}</Cell>
              <Cell label="Error codes">
                {codes.length === 0 ? (
                  NONE
                ) : (
                  <ul className={styles.codes}>
                    {codes.map(({code, message}) => (
                      <li key={code}>
                        <code>{code}</code>
                        {message && <span className={styles.codeMessage}>{message}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
            </tr>
          );
        })}
      </Table>
      {responses
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => {
          const fields = flattenFields(jsonSchema(response.content));
          if (fields.length === 0) return null;
          return (
            <details key={status} className={styles.details}>
              <summary>
                {status} {STATUS_TEXT[status] ?? 'Success'}: response body
              </summary>
              <FieldTable fields={fields} caption={`Body of the ${status} response of ${label}`} />
            </details>
          );
        })}
    </>
  );
}

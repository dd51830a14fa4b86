import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ACTIVITY_ACTIONS} from '@intakekit/contract/activity';
import type {ActivityEventBody} from '@intakekit/contract/schemas/activity';
import {toneClass} from '@site/src/components/tone';
import {toSecond as when} from '@site/src/lib/local-time';
import styles from './styles.module.css';

export const COLUMNS = ['Time', 'Person', 'Action', 'Target', 'IP address', 'Result'] as const;

/** One security event: when, who, what, on what, from where, and whether it succeeded. */
export default function EventRow({event}: {event: ActivityEventBody}): ReactNode {
  return (
    <tr role="row">
      <td role="cell" data-label="Time">
        <time dateTime={event.at}>{when(event.at)}</time>
      </td>
      <td role="cell" data-label="Person">
        {event.actor?.email ?? 'System'}
      </td>
      <td role="cell" data-label="Action">
        {ACTIVITY_ACTIONS[event.action]}
      </td>
      <td role="cell" data-label="Target">
        {event.target?.label ?? event.target?.id ?? '—'}
      </td>
      <td role="cell" data-label="IP address" title={event.userAgent ?? undefined}>
        {event.ipAddress ?? '—'}
      </td>
      <td role="cell" data-label="Result">
        <span className={clsx(styles.result, toneClass(event.result === 'success' ? 'success' : 'danger'))}>
          {event.result === 'success' ? 'Success' : 'Failure'}
        </span>
      </td>
    </tr>
  );
}

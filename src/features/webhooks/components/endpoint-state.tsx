import type {ReactNode} from 'react';
import clsx from 'clsx';
import {toneClass} from '@site/src/components/tone';
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {endpointState} from '../lib/endpoint-state';
import styles from './styles.module.css';

/** Enabled, Failing (with its failures in a row) or Disabled, as a pill and its sentence. */
export default function EndpointStateBadge({endpoint}: {endpoint: WebhookEndpoint}): ReactNode {
  const state = endpointState(endpoint);
  return (
    <span className={styles.state}>
      <span className={clsx(styles.pill, toneClass(state.tone))}>{state.label}</span>
      {state.detail && state.label === 'Failing' ? <span className={styles.stateDetail}>{state.detail}</span> : null}
    </span>
  );
}

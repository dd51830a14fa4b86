import type {ReactNode} from 'react';
import {Pill} from '@site/src/components/webhook-delivery/delivery-status';
import type {WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {endpointState} from '../lib/endpoint-state';
import styles from './styles.module.css';

/** Enabled, Failing (with its failures in a row) or Disabled, as a pill and its sentence. */
export default function EndpointStateBadge({endpoint}: {endpoint: WebhookEndpoint}): ReactNode {
  const state = endpointState(endpoint);
  return (
    <span className={styles.state}>
      <Pill tone={state.tone}>{state.label}</Pill>
      {state.detail && state.label === 'Failing' ? <span className={styles.stateDetail}>{state.detail}</span> : null}
    </span>
  );
}

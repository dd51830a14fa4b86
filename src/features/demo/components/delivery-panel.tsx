import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import LoadFailed from '@site/src/components/load-failed';
import Panel, {PanelLoading} from '@site/src/components/panel';
import {useWebhookEndpoints} from '@site/src/components/webhook-delivery/api';
import {getErrorMessage} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import {managesSubmissions} from '@intakekit/contract/submissions';
import {DELIVERY_TEXT} from '../lib/delivery-text';
import {receivesDemoSubmissions} from '../lib/submission-delivery';
import EndpointDelivery from './endpoint-delivery';
import styles from './delivery.module.css';

/** The sandbox endpoints that take new submissions, each with its delivery; or where to add one. */
function Deliveries({submissionId, canManage}: {submissionId: string; canManage: boolean}): ReactNode {
  const {endpoints, error, mutate} = useWebhookEndpoints();
  if (!endpoints) {
    return error ? (
      <LoadFailed
        title={DELIVERY_TEXT.endpointsFailed}
        message={getErrorMessage(error)}
        onRetry={() => void mutate()}
      />
    ) : (
      <PanelLoading label="Loading your endpoints..." />
    );
  }
  const receiving = endpoints.filter(receivesDemoSubmissions);
  if (receiving.length === 0) {
    return (
      <p>
        {DELIVERY_TEXT.noEndpoint} <Link to="/webhooks">{DELIVERY_TEXT.noEndpointLink}</Link>
      </p>
    );
  }
  return receiving.map((endpoint) => (
    <EndpointDelivery key={endpoint.id} endpoint={endpoint} submissionId={submissionId} canManage={canManage} />
  ));
}

/** After the patient finishes: the stored submission, and its delivery to each sandbox endpoint that takes it. */
export default function DeliveryPanel({submissionId}: {submissionId: string}): ReactNode {
  // Those who manage submissions manage where they are pushed, and may see the secrets that sign them.
  const canManage = useAuthStore((s) => (s.user ? managesSubmissions(s.user.team?.role ?? null) : false));
  return (
    <Panel
      id="demo-delivery"
      title={DELIVERY_TEXT.title}
      description={DELIVERY_TEXT.description}
      className={styles.panel}
    >
      <p className={styles.line}>
        <span>Submission</span> <code className={styles.value}>{submissionId}</code>
      </p>
      <Deliveries submissionId={submissionId} canManage={canManage} />
    </Panel>
  );
}

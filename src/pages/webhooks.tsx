import type {ReactNode} from 'react';
import GatedLayout from '@site/src/features/session/components/gated-layout';
import WebhooksView from '@site/src/features/webhooks/components';

export default function WebhooksPage(): ReactNode {
  return (
    <GatedLayout
      title="Webhooks"
      description="The endpoints your IntakeKit events are pushed to, and their deliveries."
    >
      <WebhooksView />
    </GatedLayout>
  );
}

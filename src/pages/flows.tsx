import type {ReactNode} from 'react';
import GatedLayout from '@site/src/features/session/components/gated-layout';
import FlowsView from '@site/src/features/flows/components';

export default function FlowsPage(): ReactNode {
  return (
    <GatedLayout title="Intake flows" description="Your own intake flows: write, import, version and preview them.">
      <FlowsView />
    </GatedLayout>
  );
}

import type {ReactNode} from 'react';
import GatedLayout from '@site/src/features/session/components/gated-layout';
import SubmissionsView from '@site/src/features/submissions/components';

export default function SubmissionsPage(): ReactNode {
  return (
    <GatedLayout title="Submissions" description="The intake answers your IntakeKit forms received.">
      <SubmissionsView />
    </GatedLayout>
  );
}

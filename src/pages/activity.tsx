import type {ReactNode} from 'react';
import GatedLayout from '@site/src/features/session/components/gated-layout';
import ActivityView from '@site/src/features/activity/components';

export default function ActivityPage(): ReactNode {
  return (
    <GatedLayout title="Activity" description="The security events of your IntakeKit account and team.">
      <ActivityView />
    </GatedLayout>
  );
}

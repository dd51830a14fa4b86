import type {ReactNode} from 'react';
import SignedInLayout from '@site/src/features/session/components/signed-in-layout';
import TwoFactorGate from '@site/src/features/session/components/two-factor-gate';
import ActivityView from '@site/src/features/activity/components';

export default function ActivityPage(): ReactNode {
  return (
    <SignedInLayout title="Activity" description="The security events of your IntakeKit account and team.">
      <TwoFactorGate>
        <ActivityView />
      </TwoFactorGate>
    </SignedInLayout>
  );
}

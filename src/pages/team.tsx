import type {ReactNode} from 'react';
import SignedInLayout from '@site/src/features/session/components/signed-in-layout';
import TwoFactorGate from '@site/src/features/session/components/two-factor-gate';
import TeamView from '@site/src/features/team/components';

export default function TeamPage(): ReactNode {
  return (
    <SignedInLayout title="Team" description="Invite and remove the members of your IntakeKit team.">
      <TwoFactorGate>
        <TeamView />
      </TwoFactorGate>
    </SignedInLayout>
  );
}

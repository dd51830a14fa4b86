import type {ReactNode} from 'react';
import GatedLayout from '@site/src/features/session/components/gated-layout';
import TeamView from '@site/src/features/team/components';

export default function TeamPage(): ReactNode {
  return (
    <GatedLayout title="Team" description="Invite and remove the members of your IntakeKit team.">
      <TeamView />
    </GatedLayout>
  );
}

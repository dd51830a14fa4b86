import type {ReactNode} from 'react';
import SignedInLayout from '@site/src/features/session/components/signed-in-layout';
import SettingsView from '@site/src/features/settings/components';
import {LeaveTeamDialog} from '@site/src/features/team';

export default function SettingsPage(): ReactNode {
  return (
    <SignedInLayout title="Settings" description="Your IntakeKit profile, password and account.">
      <SettingsView LeaveTeamDialog={LeaveTeamDialog} />
    </SignedInLayout>
  );
}

import type {ReactNode} from 'react';
import SignedInLayout from '@site/src/components/signed-in-layout';
import SettingsView from '@site/src/features/settings/components';

export default function SettingsPage(): ReactNode {
  return (
    <SignedInLayout title="Settings" description="Your IntakeKit profile, password and account.">
      <SettingsView />
    </SignedInLayout>
  );
}

import type {ReactNode} from 'react';
import {PageHeader} from '@site/src/components/panel';
import {useAuthStore} from '@site/src/stores/auth-store';
import DangerZone from './danger-zone';
import PasswordForm from './password-form';
import ProfileForm from './profile-form';
import TeamSection, {type LeaveTeamDialogType} from './team-section';
import PasskeysSection from './passkeys-section';
import SessionsSection from './sessions-section';
import TwoFactorSection from './two-factor-section';

/** The /settings screen: profile, password, account security, team and Danger Zone sections. */
export default function SettingsView({LeaveTeamDialog}: {LeaveTeamDialog: LeaveTeamDialogType}): ReactNode {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, password, two-factor authentication, passkeys, sessions and account."
      />
      <ProfileForm user={user} />
      <PasswordForm />
      <TwoFactorSection user={user} />
      <PasskeysSection emailVerified={user.emailVerified} />
      <SessionsSection />
      <TeamSection user={user} LeaveTeamDialog={LeaveTeamDialog} />
      <DangerZone email={user.email} />
    </>
  );
}

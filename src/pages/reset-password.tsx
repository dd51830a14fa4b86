import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import ResetPasswordForm from '@site/src/features/auth/components/reset-password-form';

export default function ResetPasswordPage(): ReactNode {
  return (
    <AuthLayout pageTitle="Reset password" description="Set a new password for your IntakeKit account.">
      <ResetPasswordForm />
    </AuthLayout>
  );
}

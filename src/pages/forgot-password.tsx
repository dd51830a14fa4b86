import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import ForgotPasswordForm from '@site/src/features/auth/components/forgot-password-form';

export default function ForgotPasswordPage(): ReactNode {
  return (
    <AuthLayout
      pageTitle="Forgot password"
      description="Request a link to reset the password of your IntakeKit account."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}

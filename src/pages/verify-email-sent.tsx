import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import VerifyEmailSent from '@site/src/features/auth/components/verify-email-sent';

export default function VerifyEmailSentPage(): ReactNode {
  return (
    <AuthLayout
      pageTitle="Check your email"
      description="Confirm your email address to activate your IntakeKit account."
    >
      <VerifyEmailSent />
    </AuthLayout>
  );
}

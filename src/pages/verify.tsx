import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import VerifyEmail from '@site/src/features/auth/components/verify-email';

export default function VerifyPage(): ReactNode {
  return (
    <AuthLayout pageTitle="Verify your email" description="Email verification for your IntakeKit account.">
      <VerifyEmail />
    </AuthLayout>
  );
}

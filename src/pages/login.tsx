import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import LoginForm from '@site/src/features/auth/components/login-form';

export default function LoginPage(): ReactNode {
  return (
    <AuthLayout
      pageTitle="Sign in"
      description="Sign in to the IntakeKit developer portal to manage your API keys, team and the intake SDK."
    >
      <LoginForm />
    </AuthLayout>
  );
}

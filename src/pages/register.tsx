import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import RegisterForm from '@site/src/features/auth/components/register-form';

export default function RegisterPage(): ReactNode {
  return (
    <AuthLayout
      pageTitle="Sign up"
      description="Create a free IntakeKit developer account: sandbox API keys and the embeddable healthcare intake SDK."
    >
      <RegisterForm />
    </AuthLayout>
  );
}

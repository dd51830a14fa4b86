import type {ReactNode} from 'react';
import AuthLayout from '@site/src/components/auth-layout';
import CancelRecovery from '@site/src/features/auth/components/cancel-recovery';

export default function CancelRecoveryPage(): ReactNode {
  return (
    <AuthLayout pageTitle="Cancel account recovery" description="Cancel the recovery of your IntakeKit account.">
      <CancelRecovery />
    </AuthLayout>
  );
}

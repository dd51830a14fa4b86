import type {ReactNode} from 'react';
import SignedInLayout from '@site/src/features/session/components/signed-in-layout';
import TwoFactorGate from '@site/src/features/session/components/two-factor-gate';
import ApiKeysView from '@site/src/features/api-keys/components';
import {preloadApiKeys} from '@site/src/features/api-keys/api/use-api-keys';

// This chunk loads before React hydrates the page: the list's request starts then.
preloadApiKeys();

export default function ApiKeysPage(): ReactNode {
  return (
    <SignedInLayout title="API Keys" description="Create, rotate and revoke the API keys of the IntakeKit SDK.">
      <TwoFactorGate>
        <ApiKeysView />
      </TwoFactorGate>
    </SignedInLayout>
  );
}

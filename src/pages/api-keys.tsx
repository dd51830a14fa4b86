import type {ReactNode} from 'react';
import GatedLayout from '@site/src/features/session/components/gated-layout';
import ApiKeysView from '@site/src/features/api-keys/components';
import {preloadApiKeys} from '@site/src/features/api-keys/api/use-api-keys';

// This chunk loads before React hydrates the page: the list's request starts then.
preloadApiKeys();

export default function ApiKeysPage(): ReactNode {
  return (
    <GatedLayout title="API Keys" description="Create, rotate and revoke the API keys of the IntakeKit SDK.">
      <ApiKeysView />
    </GatedLayout>
  );
}

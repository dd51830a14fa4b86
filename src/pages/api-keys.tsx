import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import ProtectedRoute from '@site/src/components/protected-route';

export default function ApiKeysPage(): ReactNode {
  return (
    <Layout title="API Keys" noFooter>
      <ProtectedRoute>
        <main className="container margin-vert--lg">
          <h1>API Keys</h1>
        </main>
      </ProtectedRoute>
    </Layout>
  );
}

import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import ProtectedRoute from '@site/src/components/protected-route';

export default function SettingsPage(): ReactNode {
  return (
    <Layout title="Settings" noFooter>
      <ProtectedRoute>
        <main className="container margin-vert--lg">
          <h1>Settings</h1>
        </main>
      </ProtectedRoute>
    </Layout>
  );
}

import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import ProtectedRoute from '@site/src/components/protected-route';

export default function TeamPage(): ReactNode {
  return (
    <Layout title="Team" noFooter>
      <ProtectedRoute>
        <main className="container margin-vert--lg">
          <h1>Team</h1>
        </main>
      </ProtectedRoute>
    </Layout>
  );
}

import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function ApiKeysPage(): ReactNode {
  return (
    <Layout title="ApiKeys">
      <main className="container margin-vert--lg">
        <h1>ApiKeys</h1>
      </main>
    </Layout>
  );
}

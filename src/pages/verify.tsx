import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function VerifyPage(): ReactNode {
  return (
    <Layout title="Verify">
      <main className="container margin-vert--lg">
        <h1>Verify</h1>
      </main>
    </Layout>
  );
}

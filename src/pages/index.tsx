import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function HomePage(): ReactNode {
  return (
    <Layout title="Home">
      <main className="container margin-vert--lg">
        <h1>IntakeKit</h1>
      </main>
    </Layout>
  );
}

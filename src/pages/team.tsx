import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function TeamPage(): ReactNode {
  return (
    <Layout title="Team">
      <main className="container margin-vert--lg">
        <h1>Team</h1>
      </main>
    </Layout>
  );
}

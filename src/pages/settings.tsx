import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function SettingsPage(): ReactNode {
  return (
    <Layout title="Settings">
      <main className="container margin-vert--lg">
        <h1>Settings</h1>
      </main>
    </Layout>
  );
}

import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function ForgotPasswordPage(): ReactNode {
  return (
    <Layout title="ForgotPassword">
      <main className="container margin-vert--lg">
        <h1>ForgotPassword</h1>
      </main>
    </Layout>
  );
}

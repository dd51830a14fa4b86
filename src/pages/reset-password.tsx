import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function ResetPasswordPage(): ReactNode {
  return (
    <Layout title="ResetPassword">
      <main className="container margin-vert--lg">
        <h1>ResetPassword</h1>
      </main>
    </Layout>
  );
}

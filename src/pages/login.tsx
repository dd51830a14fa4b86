import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function LoginPage(): ReactNode {
  return (
    <Layout title="Login">
      <main className="container margin-vert--lg">
        <h1>Login</h1>
      </main>
    </Layout>
  );
}

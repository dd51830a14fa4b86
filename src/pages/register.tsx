import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function RegisterPage(): ReactNode {
  return (
    <Layout title="Register">
      <main className="container margin-vert--lg">
        <h1>Register</h1>
      </main>
    </Layout>
  );
}

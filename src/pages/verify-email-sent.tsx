import type {ReactNode} from 'react';
import Layout from '@theme/Layout';

export default function VerifyEmailSentPage(): ReactNode {
  return (
    <Layout title="VerifyEmailSent">
      <main className="container margin-vert--lg">
        <h1>VerifyEmailSent</h1>
      </main>
    </Layout>
  );
}

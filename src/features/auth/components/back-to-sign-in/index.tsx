import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import form from '@site/src/components/auth-layout/form.module.css';

/** The link row under an auth card's content that leads back to the sign-in page. */
export default function BackToSignIn(): ReactNode {
  return (
    <div className={form.linkRow}>
      <Link to="/login">Back to sign in</Link>
    </div>
  );
}

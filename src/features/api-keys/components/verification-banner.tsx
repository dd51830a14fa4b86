import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Notice from '@site/src/components/notice';

/** Shown while the user's email is not verified. */
export default function VerificationBanner({email}: {email: string}): ReactNode {
  return (
    <Notice variant="warning" title="Email Verification Required" data-testid="verification-banner">
      <p>
        Verify <strong>{email}</strong> to create, rotate or revoke API keys.{' '}
        <Link to={`/verify-email-sent?email=${encodeURIComponent(email)}`}>Resend verification email</Link>
      </p>
    </Notice>
  );
}

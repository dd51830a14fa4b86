import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {normalizeEmail} from '@site/src/lib/validation';

interface Props {
  message: string;
  /** The refusal's code: a lock and an unverified address each get their way on. */
  code: string | undefined;
  /** When a lock lifts (the answer's Retry-After). */
  unlocksAt: Date | null;
  /** The address typed, carried to the reset and resend pages. */
  email: string;
}

/** Why the sign-in failed, and for a lock or an unverified address the way on. */
export default function SignInFailure({message, code, unlocksAt, email}: Props): ReactNode {
  const address = encodeURIComponent(normalizeEmail(email));
  return (
    <>
      <p>{message}</p>
      {code === 'LOCKED' ? (
        <>
          {unlocksAt ? (
            <p>You can try again at {unlocksAt.toLocaleTimeString(undefined, {hour: 'numeric', minute: '2-digit'})}.</p>
          ) : null}
          <p>
            Forgot your password? <Link to={`/forgot-password?email=${address}`}>Reset your password</Link> to sign in
            now.
          </p>
        </>
      ) : null}
      {code === 'EMAIL_NOT_VERIFIED' ? (
        <p>
          <Link to={`/verify-email-sent?email=${address}`}>Resend verification email</Link>
        </p>
      ) : null}
    </>
  );
}

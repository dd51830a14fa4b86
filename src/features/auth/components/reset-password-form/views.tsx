import {useEffect, useRef, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Notice from '@site/src/components/notice';
import {AuthCard} from '@site/src/components/auth-layout';
import form from '@site/src/components/auth-layout/form.module.css';
import BackToSignIn from '../back-to-sign-in';

/** A reset link that is missing, malformed, expired or used: the reason, and the way to a new one. */
export function InvalidLink({reason}: {reason?: string}): ReactNode {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <AuthCard icon="alert" tone="warning" title="Link invalid or expired" titleRef={titleRef}>
      <div className={form.stack} data-testid="reset-invalid">
        {reason ? <Notice variant="error">{reason}</Notice> : null}
        <p>This reset link is invalid or has expired. Please request a new one.</p>
        <Link to="/forgot-password" className="button button--primary button--block">
          Request a new link
        </Link>
      </div>
      <BackToSignIn />
    </AuthCard>
  );
}

/** The account recovery has started: when it ends, and what happens then. */
export function RecoveryStarted({endsAt}: {endsAt: string}): ReactNode {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const when = new Date(endsAt).toLocaleString(undefined, {dateStyle: 'full', timeStyle: 'short'});
  return (
    <AuthCard icon="mail" title="Account recovery started" titleRef={titleRef}>
      <div className={form.stack} data-testid="recovery-started">
        <Notice variant="success">
          Every session was signed out, and nobody can sign in to your account until {when}.
        </Notice>
        <p>
          Then two-factor authentication and every passkey are removed, and the new password you chose takes effect. We
          emailed you now, with a link to cancel the recovery, and will email you again when it ends.
        </p>
        <Link to="/login" className="button button--primary button--block">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

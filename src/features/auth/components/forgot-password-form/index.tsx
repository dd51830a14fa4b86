import {useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {EmailField} from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {FORGOT_PASSWORD} from '@site/src/lib/forms/auth-rules';
import {requestPasswordReset} from '@site/src/lib/api/auth';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';

/** The forgot-password page: email form, then the same sent view whether or not the account exists. */
export default function ForgotPasswordForm(): ReactNode {
  const request = useContractForm({rules: FORGOT_PASSWORD, defaultValues: {email: ''}});
  // `?email=` (the sign-in page's LOCKED message links here) pre-fills the address.
  const params = useSearchParams();
  const presetEmail = params?.get('email') ?? '';
  // The sign-in page's 'Lost access to your authenticator?' link: how recovery without it works.
  const lostAuthenticator = params?.get('authenticator') === 'lost';
  const {getValues, setValue} = request;
  useEffect(() => {
    if (presetEmail && !getValues('email')) setValue('email', presetEmail);
  }, [presetEmail, getValues, setValue]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo) titleRef.current?.focus();
  }, [sentTo]);

  const onSubmit = request.submit(async ({email}) => {
    await requestPasswordReset(email);
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <AuthCard icon="mail" title="Check your email" titleRef={titleRef}>
        <div className={form.stack}>
          <Notice variant="success" data-testid="forgot-sent">
            If an account exists with {sentTo}, we&apos;ve sent password reset instructions.
          </Notice>
          <p className={form.muted}>
            The link expires in 15 minutes. Check your spam folder if it doesn&apos;t arrive.
          </p>
          <Link to="/login" className="button button--primary button--block">
            Back to sign in
          </Link>
          <button type="button" className="button button--link" onClick={() => setSentTo(null)}>
            Use a different email
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="lock"
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we'll send you a link to reset your password."
      footer={
        <>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      {lostAuthenticator ? (
        <Notice variant="info" className={form.notice} data-testid="lost-authenticator">
          Lost your authenticator app and your recovery codes? Ask for a reset link here. On the page it opens, choose
          your new password, then &lsquo;I can&apos;t use my authenticator&rsquo;. After a waiting period of several
          days, in which nobody can sign in to the account, two-factor authentication and passkeys are removed and your
          new password takes effect. We email this address when it starts, with a link to cancel it, and when it ends.
        </Notice>
      ) : null}
      <FormError {...request.errorProps}>{request.formError}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Request a password reset">
        <EmailField {...request.field('email')} required />
        <FormSubmit control={request.control} className={form.actions} loadingText="Sending...">
          Send reset link
        </FormSubmit>
      </form>
    </AuthCard>
  );
}

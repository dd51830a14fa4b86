import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {Redirect} from '@docusaurus/router';
import Notice from '@site/src/components/notice';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {serverMessageOr} from '@site/src/lib/errors';
import {maskEmail} from '@site/src/lib/mask';
import {resendVerification} from '@site/src/lib/api/auth';
import {useCountdown} from '../../hooks/use-countdown';
import {useFlash} from '@site/src/hooks/use-flash';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {EMAIL_MESSAGE_MS} from '@site/src/lib/timing';
import {RESEND_COOLDOWN_S, resendDisabled, resendLabel} from '../../lib/timing';
import {AuthCard, AuthCardLoading} from '@site/src/components/auth-layout';
import form from '@site/src/components/auth-layout/form.module.css';
import styles from './styles.module.css';
import BackToSignIn from '../back-to-sign-in';

function ResendPanel({email}: {email: string}): ReactNode {
  const resend = useContractForm({
    defaultValues: {},
    failureMessage: (caught) => serverMessageOr(caught, 'Failed to send verification email'),
  });
  const [success, flashSuccess] = useFlash(EMAIL_MESSAGE_MS);
  const {remaining, start} = useCountdown();
  const sending = resend.formState.isSubmitting;
  const error = resend.formState.errors.root?.server?.message;

  const onResend = resend.submit(async () => {
    flashSuccess(null);
    await resendVerification(email);
    flashSuccess('Verification email sent! Please check your inbox.');
    start(RESEND_COOLDOWN_S);
  });

  return (
    <div className={form.stack}>
      {success ? <Notice variant="success">{success}</Notice> : null}
      {error ? <Notice variant="error">{error}</Notice> : null}
      <FormSubmit
        control={resend.control}
        type="button"
        variant="secondary"
        onClick={() => void onResend()}
        loadingText={resendLabel(true, 0)}
        disabled={resendDisabled(sending, remaining)}
      >
        {resendLabel(sending, remaining)}
      </FormSubmit>
    </div>
  );
}

/** The 'Check your email' page: masked address, tips, resend with cooldown. */
export default function VerifyEmailSent(): ReactNode {
  const params = useSearchParams();
  if (params === null) {
    return <AuthCardLoading icon="mail" title="Check your email" />;
  }
  const email = params.get('email')?.trim() ?? '';
  if (!email) return <Redirect to="/register" />;

  return (
    <AuthCard
      icon="mail"
      title="Check your email"
      subtitle={
        <p>
          We sent a verification link to <span className={form.email}>{maskEmail(email)}</span>. Open it to activate
          your account.
        </p>
      }
      footer={
        <>
          Wrong address? <Link to="/register">Change email</Link>
        </>
      }
    >
      <div className={styles.tips}>
        <p className={styles.tipsTitle}>Didn&apos;t get it?</p>
        <ul>
          <li>Check your inbox and spam folder</li>
          <li>Click the link in the email to verify your address</li>
          <li>The link expires in 60 minutes</li>
        </ul>
      </div>
      <ResendPanel email={email} />
      <BackToSignIn />
    </AuthCard>
  );
}

import {useEffect, useRef, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Notice from '@site/src/components/notice';
import {AuthCard, AuthCardLoading} from '@site/src/components/auth-layout';
import form from '@site/src/components/auth-layout/form.module.css';
import {cancelAccountRecovery} from '@site/src/lib/api/auth';
import {useContractForm} from '@site/src/components/form';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import BackToSignIn from '../back-to-sign-in';

/**
 * The cancel link of the email that announced an account recovery. It cancels on a click, never on load: mail
 * scanners open links, and one must not cancel a recovery its owner wants.
 */
export default function CancelRecovery(): ReactNode {
  const params = useSearchParams();
  const token = params?.get('token') ?? null;
  // Cancelling is one request: a form without fields, whose refusal says why.
  const cancel = useContractForm({defaultValues: {}});
  const cancelled = cancel.formState.isSubmitSuccessful;
  const failure = cancel.formState.errors.root?.server?.message;
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (cancelled || failure) titleRef.current?.focus();
  }, [cancelled, failure]);

  if (params === null) {
    return <AuthCardLoading icon="key" title="Cancel account recovery" />;
  }

  const onCancel = cancel.submit(async () => {
    await cancelAccountRecovery(token ?? '');
  });

  if (cancelled) {
    return (
      <AuthCard icon="key" title="Recovery cancelled" titleRef={titleRef}>
        <div className={form.stack}>
          <Notice variant="success">
            Your password, authenticator app and passkeys work as before. If you did not start this recovery, someone
            else can read your email: secure your mailbox, then change your IntakeKit password in Settings.
          </Notice>
          <Link to="/login" className="button button--primary button--block">
            Sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="alert"
      tone="warning"
      title={failure ? 'Recovery not cancelled' : 'Cancel account recovery?'}
      titleRef={titleRef}
    >
      <div className={form.stack}>
        {failure ? <Notice variant="error">{failure}</Notice> : null}
        <p>
          Someone with access to your email started recovering your IntakeKit account without its authenticator app. If
          it wasn&apos;t you, cancel it: nothing about your account changes.
        </p>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void onCancel()}
          disabled={!token || cancel.formState.isSubmitting}
        >
          {cancel.formState.isSubmitting ? 'Cancelling...' : 'Cancel the recovery'}
        </button>
      </div>
      <BackToSignIn />
    </AuthCard>
  );
}

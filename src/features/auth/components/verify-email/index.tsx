import {useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import Notice from '@site/src/components/notice';
import Spinner from '@site/src/components/spinner';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {MESSAGES} from '@site/src/lib/validation';
import {verifyEmail} from '@site/src/lib/api/auth';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {VERIFIED_REDIRECT_MS} from '../../lib/timing';
import {AuthCard, AuthCardLoading} from '@site/src/components/auth-layout';
import form from '@site/src/components/auth-layout/form.module.css';
import BackToSignIn from '../back-to-sign-in';

const EXPIRED_CODES = new Set(['EXPIRED', 'INVALID_OR_EXPIRED']);

type State =
  | {status: 'verifying'}
  | {status: 'verified'}
  | {status: 'missing'}
  | {status: 'failed'; message: string; code?: string};

/** The verification page: spinner, then 'Email verified!' and /login?verified=1, or the failure view. */
export default function VerifyEmail(): ReactNode {
  const params = useSearchParams();
  const history = useHistory();
  const [state, setState] = useState<State>({status: 'verifying'});
  const started = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const token = params?.get('token') ?? null;

  useEffect(() => {
    if (params === null || started.current) return;
    started.current = true;
    if (!token) {
      setState({status: 'missing'});
      return;
    }
    verifyEmail(token).then(
      () => setState({status: 'verified'}),
      (caught: unknown) => setState({status: 'failed', message: getErrorMessage(caught), code: errorCode(caught)}),
    );
  }, [params, token]);

  useEffect(() => {
    if (state.status === 'verifying') return undefined;
    titleRef.current?.focus();
    if (state.status !== 'verified') return undefined;
    const id = window.setTimeout(() => history.replace('/login?verified=1'), VERIFIED_REDIRECT_MS);
    return () => window.clearTimeout(id);
  }, [state.status, history]);

  if (state.status === 'verifying') {
    return (
      <AuthCardLoading
        icon="mail"
        title="Verifying your email"
        subtitle="This only takes a moment."
        spinner={<Spinner size="lg" label="Verifying your email..." />}
      />
    );
  }

  if (state.status === 'verified') {
    return (
      <AuthCard icon="check" tone="success" title="Email verified!" titleRef={titleRef}>
        <Notice variant="success">Your email address is confirmed. Taking you to sign in...</Notice>
        <div className={form.linkRow}>
          <Link to="/login?verified=1">Continue to sign in</Link>
        </div>
      </AuthCard>
    );
  }

  if (state.status === 'failed' && state.code === 'ALREADY_VERIFIED') {
    return (
      <AuthCard icon="check" tone="success" title="Email already verified" titleRef={titleRef}>
        <div className={form.stack}>
          <Notice variant="success">{state.message}</Notice>
          <Link to="/login" className="button button--primary button--block">
            Continue to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  const message = state.status === 'missing' ? MESSAGES.noVerificationToken : state.message;
  const expired = state.status === 'failed' && state.code !== undefined && EXPIRED_CODES.has(state.code);
  // An expired or replaced link gets the spec's yellow notice; the message then stands under the title, so the
  // page shows one box rather than two saying the same.
  return (
    <AuthCard
      icon="alert"
      tone="danger"
      title="Verification failed"
      subtitle={expired ? message : undefined}
      titleRef={titleRef}
    >
      <div className={form.stack}>
        {expired ? (
          <Notice variant="warning" data-testid="verify-expired">
            The verification link has expired or is invalid. Please request a new one.
          </Notice>
        ) : (
          <Notice variant="error" data-testid="verify-error">
            {message}
          </Notice>
        )}
        <Link to="/register" className="button button--primary button--block">
          Request new verification link
        </Link>
      </div>
      <BackToSignIn />
    </AuthCard>
  );
}

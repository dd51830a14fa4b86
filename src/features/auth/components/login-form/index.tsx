import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {Redirect, useHistory, useLocation} from '@docusaurus/router';
import {useShallow} from 'zustand/react/shallow';
import {EmailField, PasswordField} from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import SubmitButton from '@site/src/components/submit-button';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {normalizeEmail, validateSignIn} from '@site/src/lib/validation';
import {useAuthStore} from '@site/src/stores/auth-store';
import {isApiError} from '@site/src/lib/api-client';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {afterSignIn} from '@site/src/lib/next-path';
import {SIGN_IN_BANNER_MS} from '../../lib/timing';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError, useFormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';
import type {TwoFactorChallengeResponse} from '@intakekit/contract/schemas/auth';
import {passkeysSupported} from '@site/src/lib/passkeys';
import PasskeyAlternative from '../passkey-alternative';
import TwoFactorStep, {LOST_AUTHENTICATOR_PATH} from '../two-factor-step';

const BANNERS = {
  verified: 'Email verified successfully!',
  reset: 'Password reset successful!',
} as const;

type BannerKey = keyof typeof BANNERS;

/** Reads ?verified=1 / ?reset=1, shows the banner, then removes the flag from the address after 5 s. */
function useSignInBanner(): BannerKey | null {
  const params = useSearchParams();
  const history = useHistory();
  const location = useLocation();
  const banner: BannerKey | null =
    params?.get('verified') === '1' ? 'verified' : params?.get('reset') === '1' ? 'reset' : null;

  useEffect(() => {
    if (!banner) return undefined;
    const id = window.setTimeout(() => {
      const next = new URLSearchParams(location.search);
      next.delete('verified');
      next.delete('reset');
      const search = next.toString();
      history.replace({pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash});
    }, SIGN_IN_BANNER_MS);
    return () => window.clearTimeout(id);
  }, [banner, history, location.pathname, location.search, location.hash]);

  return banner;
}

/** The sign-in page: email and password, banners, the EMAIL_NOT_VERIFIED resend link. */
export default function LoginForm(): ReactNode {
  const {ready, authenticated, login, signInWithPasskey, sessionEnded} = useAuthStore(
    useShallow((s) => ({
      ready: s.initialized && !s.loading,
      authenticated: s.authenticated,
      login: s.login,
      signInWithPasskey: s.signInWithPasskey,
      sessionEnded: s.sessionEnded,
    })),
  );
  const history = useHistory();
  const banner = useSignInBanner();
  const params = useSearchParams();
  // `?next=` brings the user back where a sign-in was asked for (an invitation); only a same-site path is followed.
  const destination = afterSignIn(params?.get('next'));
  const {values, set, field} = useFormValues({email: '', password: ''});
  const {email, password} = values;
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const {error, setError, errorRef} = useFormError<{message: string; code?: string; unlocksAt?: Date}>();
  // Set when the password was right and the account has two-factor on: the code step shows.
  const [challenge, setChallenge] = useState<TwoFactorChallengeResponse | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // Known only in the browser. The server render offers the button (every current browser has WebAuthn on https),
  // so the page does not move when it comes alive; a browser without it loses the button on hydration.
  const [passkeys, setPasskeys] = useState(true);
  useEffect(() => setPasskeys(passkeysSupported()), []);

  // `?email=` (the invitation page's "Sign in to accept") pre-fills the address.
  const presetEmail = params?.get('email') ?? '';
  useEffect(() => {
    if (presetEmail) set('email', (current) => current || presetEmail);
  }, [presetEmail, set]);

  // Already signed in and loaded: straight on (the dashboard, or a safe `next`).
  if (ready && authenticated && !submitting && !passkeyPending && params !== null) {
    return <Redirect to={destination} />;
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={() => history.push(destination)}
        onRestart={(ended) => {
          setChallenge(null);
          setSubmitting(false);
          set('password', '');
          setError(ended ?? null);
        }}
      />
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateSignIn({email, password});
    if (invalid) {
      setError({message: invalid});
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await login({email, password});
      if (result.challenge) {
        setChallenge(result.challenge);
        return;
      }
      history.push(destination);
    } catch (caught) {
      const seconds = isApiError(caught) ? caught.retryAfterSeconds : undefined;
      setError({
        message: getErrorMessage(caught),
        code: errorCode(caught),
        ...(seconds !== undefined && {unlocksAt: new Date(Date.now() + seconds * 1000)}),
      });
      setSubmitting(false);
    }
  }

  async function onPasskey() {
    setError(null);
    setPasskeyPending(true);
    try {
      await signInWithPasskey();
      history.push(destination);
    } catch (caught) {
      setError({message: getErrorMessage(caught), code: errorCode(caught)});
      setPasskeyPending(false);
    }
  }

  const resendHref = `/verify-email-sent?email=${encodeURIComponent(normalizeEmail(email))}`;
  const forgotHref = `/forgot-password?email=${encodeURIComponent(normalizeEmail(email))}`;

  return (
    <AuthCard
      title="Sign in to IntakeKit"
      subtitle="Welcome back. Sign in to manage your API keys and the SDK."
      footer={
        <>
          New to IntakeKit? <Link to="/?page=sign-up">Get started</Link>
          {/* Someone who never had the authenticator (an account registered by another) cannot reach the code step. */}
          <br />
          <Link to={LOST_AUTHENTICATOR_PATH}>Lost access to your authenticator?</Link>
        </>
      }
    >
      {banner ? (
        <Notice variant="success" className={form.notice} data-testid="sign-in-banner">
          {BANNERS[banner]}
        </Notice>
      ) : sessionEnded ? (
        <Notice variant="warning" className={form.notice}>
          {sessionEnded.message}
        </Notice>
      ) : null}
      <FormError errorRef={errorRef}>
        {error ? (
          <>
            <p>{error.message}</p>
            {error.code === 'LOCKED' ? (
              <>
                {error.unlocksAt ? (
                  <p>
                    You can try again at{' '}
                    {error.unlocksAt.toLocaleTimeString(undefined, {hour: 'numeric', minute: '2-digit'})}.
                  </p>
                ) : null}
                <p>
                  Forgot your password? <Link to={forgotHref}>Reset your password</Link> to sign in now.
                </p>
              </>
            ) : null}
            {error.code === 'EMAIL_NOT_VERIFIED' ? (
              <p>
                <Link to={resendHref}>Resend verification email</Link>
              </p>
            ) : null}
          </>
        ) : null}
      </FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <EmailField {...field('email')} required />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          {...field('password')}
          required
          labelAside={
            <Link to="/forgot-password" className={form.inlineLink}>
              Forgot password?
            </Link>
          }
          visible={showPassword}
          onToggleVisible={() => setShowPassword((v) => !v)}
        />
        <SubmitButton
          className={form.actions}
          loading={submitting}
          loadingText="Signing in..."
          disabled={passkeyPending}
        >
          Sign in
        </SubmitButton>
      </form>
      {passkeys ? (
        <PasskeyAlternative pending={passkeyPending} disabled={submitting} onClick={() => void onPasskey()}>
          Sign in with a passkey
        </PasskeyAlternative>
      ) : null}
    </AuthCard>
  );
}

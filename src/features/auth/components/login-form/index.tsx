import {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {Redirect, useHistory} from '@docusaurus/router';
import {useShallow} from 'zustand/react/shallow';
import {EmailField, PasswordField} from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {SIGN_IN} from '@site/src/lib/forms/auth-rules';
import {useAuthStore} from '@site/src/stores/auth-store';
import {isApiError} from '@site/src/lib/api-client';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {afterSignIn} from '@site/src/lib/next-path';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';
import type {TwoFactorChallengeResponse} from '@intakekit/contract/schemas/auth';
import {passkeysSupported} from '@site/src/lib/passkeys';
import PasskeyAlternative from '../passkey-alternative';
import TwoFactorStep, {LOST_AUTHENTICATOR_PATH} from '../two-factor-step';
import {BANNERS, useSignInBanner} from './use-sign-in-banner';
import SignInFailure from './sign-in-failure';

/** When a lock lifts, from a refusal's Retry-After; null for any other refusal. */
function unlockTime(caught: unknown): Date | null {
  const seconds = isApiError(caught) ? caught.retryAfterSeconds : undefined;
  return seconds === undefined ? null : new Date(Date.now() + seconds * 1000);
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
  const signIn = useContractForm({rules: SIGN_IN, defaultValues: {email: '', password: ''}});
  // The passkey button is an action of its own: its busy state and refusal, shown in the same place.
  const passkey = useContractForm({defaultValues: {}});
  const [unlocksAt, setUnlocksAt] = useState<Date | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // Set when the password was right and the account has two-factor on: the code step shows.
  const [challenge, setChallenge] = useState<TwoFactorChallengeResponse | null>(null);
  // Known only in the browser. The server render offers the button (every current browser has WebAuthn on https),
  // so the page does not move when it comes alive; a browser without it loses the button on hydration.
  const [passkeys, setPasskeys] = useState(true);
  useEffect(() => setPasskeys(passkeysSupported()), []);

  // `?email=` (the invitation page's "Sign in to accept") pre-fills the address.
  const presetEmail = params?.get('email') ?? '';
  const {getValues, setValue} = signIn;
  useEffect(() => {
    if (presetEmail && !getValues('email')) setValue('email', presetEmail);
  }, [presetEmail, getValues, setValue]);

  // A sign-in that went through navigates itself (or shows the code step); a second navigation racing the first
  // leaves the route's loading bar on screen.
  const signingIn = [signIn, passkey].some((f) => f.formState.isSubmitting || f.formState.isSubmitSuccessful);
  const submitting = signIn.formState.isSubmitting;
  const passkeyPending = passkey.formState.isSubmitting;
  // Already signed in and loaded: straight on (the dashboard, or a safe `next`).
  if (ready && authenticated && !signingIn && params !== null) {
    return <Redirect to={destination} />;
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={() => history.push(destination)}
        onRestart={(ended) => {
          setChallenge(null);
          signIn.resetField('password');
          if (ended) signIn.setError('root.server', {type: ended.code ?? 'failed', message: ended.message});
        }}
      />
    );
  }

  const onSubmit = signIn.submit(async (body) => {
    passkey.clearErrors();
    try {
      const result = await login(body);
      if (result.challenge) setChallenge(result.challenge);
      else history.push(destination);
    } catch (caught) {
      setUnlocksAt(unlockTime(caught));
      throw caught;
    }
  });
  const onPasskey = passkey.submit(async () => {
    signIn.clearErrors();
    await signInWithPasskey();
    history.push(destination);
  });

  // The sign-in's own message first (a rule, a refusal), else the passkey's refusal.
  const shown = signIn.formError ? signIn : passkey;

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
      <FormError {...shown.errorProps}>
        {shown.formError ? (
          <SignInFailure
            message={shown.formError}
            code={shown.failureCode}
            unlocksAt={unlocksAt}
            email={signIn.watch('email')}
          />
        ) : null}
      </FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <EmailField {...signIn.field('email')} required />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...signIn.field('password')}
          required
          visible={showPassword}
          onToggleVisible={() => setShowPassword((v) => !v)}
        />
        <FormSubmit
          control={signIn.control}
          className={form.actions}
          loadingText="Signing in..."
          disabled={passkeyPending}
        >
          Sign in
        </FormSubmit>
        {/* After the button, so the keyboard goes from the password straight to Sign in. */}
        <div className={form.linkRow}>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
      </form>
      {passkeys ? (
        <PasskeyAlternative control={passkey.control} disabled={submitting} onClick={() => void onPasskey()}>
          Sign in with a passkey
        </PasskeyAlternative>
      ) : null}
    </AuthCard>
  );
}

import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import FormField, {EmailField, PasswordField} from '@site/src/components/form-field';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import SubmitButton from '@site/src/components/submit-button';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {signUpPayload, validateSignUp} from '@site/src/lib/validation';
import {registerAccount, type RegisterResponse} from '@site/src/lib/api/auth';
import {useAuthStore} from '@site/src/stores/auth-store';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {afterSignUp} from '../../lib/after-sign-up';
import {acceptInvitationPath, loginHref} from '@site/src/lib/next-path';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError, useFormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';

/** The sign-up page: email, password with strength meter, optional name and company. */
export default function RegisterForm(): ReactNode {
  const history = useHistory();
  const params = useSearchParams();
  const {values, set, field} = useFormValues({email: '', password: '', name: '', teamName: ''});
  const {email, password, name, teamName} = values;
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const {error, setError, errorRef} = useFormError<ReactNode>();

  // `/register?email=...` pre-fills the address, silently.
  const invitedEmail = params?.get('email') ?? '';
  useEffect(() => {
    if (invitedEmail) set('email', (current) => current || invitedEmail);
  }, [invitedEmail, set]);
  // `/register?invitation=<token>` (the invitation page's "Create an account"): the person is joining a team, so
  // there is no team of their own to name; the token goes with the sign-up and, for the invited address, proves it.
  const invitationToken = params?.get('invitation') || null;
  const afterInvitation = invitationToken ? acceptInvitationPath(invitationToken) : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateSignUp({email, password, name, teamName: invitationToken ? undefined : teamName});
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSubmitting(true);
    const payload = signUpPayload({email, password, name, teamName: invitationToken ? undefined : teamName});
    let answer: RegisterResponse;
    try {
      answer = await registerAccount(invitationToken ? {...payload, invitationToken} : payload);
    } catch (caught) {
      // An address already registered (often by this very person, back from an old verification link): the
      // two ways on, sign in or have the verification email sent again, rather than a dead end.
      setError(
        errorCode(caught) === 'EMAIL_IN_USE' ? (
          <>
            {getErrorMessage(caught)} <Link to={loginHref({email: payload.email})}>Sign in</Link>, or{' '}
            <Link to={`/verify-email-sent?email=${encodeURIComponent(payload.email)}`}>
              resend the verification email
            </Link>{' '}
            if you never confirmed the address.
          </>
        ) : (
          getErrorMessage(caught)
        ),
      );
      setSubmitting(false);
      return;
    }
    const next = afterSignUp({
      email: payload.email,
      invitationPath: afterInvitation,
      emailVerified: answer?.emailVerified,
    });
    if (next.kind === 'verify-email') {
      history.push(next.href);
      return;
    }
    // The invitation proved the mailbox: sign in with the same credentials and go back to the invitation.
    try {
      await useAuthStore.getState().login({email: payload.email, password});
      history.push(next.href);
    } catch {
      // The account exists; only the automatic sign-in failed (a passing error). Sign in by hand, then come back.
      history.push(loginHref({next: next.href, email: payload.email}));
    }
  }

  return (
    <AuthCard
      wide
      title="Create your IntakeKit account"
      subtitle={
        afterInvitation
          ? 'Create your account to accept your team invitation.'
          : 'Get a sandbox API key and ship your first intake flow in minutes.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={afterInvitation ? loginHref({next: afterInvitation, email: invitedEmail || undefined}) : '/login'}>
            Sign in
          </Link>
        </>
      }
    >
      <FormError errorRef={errorRef}>{error}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        <FormField
          label="Full name"
          labelNote="(optional)"
          name="name"
          autoComplete="name"
          {...field('name')}
          maxLength={80}
        />
        <EmailField hint="Use your work email address." {...field('email')} required />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          {...field('password')}
          required
          hint={<PasswordStrengthMeter password={password} />}
          visible={showPassword}
          onToggleVisible={() => setShowPassword((v) => !v)}
        />
        {afterInvitation ? null : (
          <FormField
            label="Company (team) name"
            labelNote="(optional)"
            name="teamName"
            autoComplete="organization"
            {...field('teamName')}
            maxLength={80}
            hint="Creates a team that you own. Leave it empty if you don't have one yet: you can join an existing team later."
          />
        )}
        <SubmitButton className={form.actions} loading={submitting} loadingText="Creating account...">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

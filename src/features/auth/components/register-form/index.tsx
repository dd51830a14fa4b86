import {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import FormField, {EmailField, PasswordField} from '@site/src/components/form-field';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {SIGN_UP} from '@site/src/lib/forms/auth-rules';
import {registerAccount} from '@site/src/lib/api/auth';
import {useAuthStore} from '@site/src/stores/auth-store';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {afterSignUp} from '../../lib/after-sign-up';
import {acceptInvitationPath, loginHref} from '@site/src/lib/next-path';
import {normalizeEmail} from '@site/src/lib/validation';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';

/** The sign-up page: email, password with strength meter, optional name and company. */
export default function RegisterForm(): ReactNode {
  const history = useHistory();
  const params = useSearchParams();
  const signUp = useContractForm({rules: SIGN_UP, defaultValues: {email: '', password: '', name: '', teamName: ''}});
  const [showPassword, setShowPassword] = useState(false);

  // `/register?email=...` pre-fills the address, silently.
  const invitedEmail = params?.get('email') ?? '';
  const {getValues, setValue} = signUp;
  useEffect(() => {
    if (invitedEmail && !getValues('email')) setValue('email', invitedEmail);
  }, [invitedEmail, getValues, setValue]);
  // `/register?invitation=<token>` (the invitation page's "Create an account"): the person is joining a team, so
  // there is no team of their own to name; the token goes with the sign-up and, for the invited address, proves it.
  const invitationToken = params?.get('invitation') || null;
  const afterInvitation = invitationToken ? acceptInvitationPath(invitationToken) : null;

  const onSubmit = signUp.submit(async (payload, {password}) => {
    const answer = await registerAccount(invitationToken ? {...payload, invitationToken} : payload);
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
  });
  const email = normalizeEmail(signUp.watch('email'));

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
      <FormError {...signUp.errorProps}>
        {/* An address already registered (often by this very person, back from an old verification link): the two
            ways on, sign in or have the verification email sent again, rather than a dead end. */}
        {signUp.failureCode === 'EMAIL_IN_USE' ? (
          <>
            {signUp.formError} <Link to={loginHref({email})}>Sign in</Link>, or{' '}
            <Link to={`/verify-email-sent?email=${encodeURIComponent(email)}`}>resend the verification email</Link> if
            you never confirmed the address.
          </>
        ) : (
          signUp.formError
        )}
      </FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        <FormField label="Full name" optional autoComplete="name" {...signUp.field('name')} maxLength={80} />
        <EmailField hint="Use your work email address." {...signUp.field('email')} required />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...signUp.field('password')}
          required
          hint={<PasswordStrengthMeter password={signUp.watch('password')} />}
          visible={showPassword}
          onToggleVisible={() => setShowPassword((v) => !v)}
        />
        {afterInvitation ? null : (
          <FormField
            label="Company (team) name"
            optional
            autoComplete="organization"
            {...signUp.field('teamName')}
            maxLength={80}
            hint="Creates a team that you own. Leave it empty if you don't have one yet: you can join an existing team later."
          />
        )}
        <FormSubmit control={signUp.control} className={form.actions} loadingText="Creating account...">
          Create account
        </FormSubmit>
      </form>
    </AuthCard>
  );
}

import {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import FormField, {EmailField, PasswordField} from '@site/src/components/form-field';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import SubmitButton from '@site/src/components/submit-button';
import {getErrorMessage} from '@site/src/lib/errors';
import {signUpPayload, validateSignUp} from '@site/src/lib/validation';
import {registerAccount} from '@site/src/lib/api/auth';
import {useSearchParams} from '../../hooks/use-search-params';
import {AuthCard} from '../auth-layout';
import {FormError, useFormError} from '../form-error';
import form from '../form.module.css';

/** The sign-up page (spec §2): email, password with strength meter, optional name and company. */
export default function RegisterForm(): ReactNode {
  const history = useHistory();
  const params = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const {error, setError, errorRef} = useFormError<string>();

  // `/register?email=...` (invitation links) pre-fills the address, silently.
  const invitedEmail = params?.get('email') ?? '';
  useEffect(() => {
    if (invitedEmail) setEmail((current) => current || invitedEmail);
  }, [invitedEmail]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateSignUp({email, password});
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSubmitting(true);
    const payload = signUpPayload({email, password, name, teamName});
    try {
      await registerAccount(payload);
      history.push(`/verify-email-sent?email=${encodeURIComponent(payload.email)}`);
    } catch (caught) {
      setError(getErrorMessage(caught));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      wide
      title="Create your IntakeKit account"
      subtitle="Get a sandbox API key and ship your first intake flow in minutes."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }>
      <FormError errorRef={errorRef}>{error}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
        <FormField
          label="Full name"
          labelNote="(optional)"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
        />
        <EmailField
          hint="Use your work email address."
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          hint={<PasswordStrengthMeter password={password} />}
          visible={showPassword}
          onToggleVisible={() => setShowPassword((v) => !v)}
        />
        <FormField
          label="Company (team) name"
          labelNote="(optional)"
          name="teamName"
          autoComplete="organization"
          value={teamName}
          onChange={(e) => setTeamName(e.target.value)}
          maxLength={80}
          hint="Creates a team that you own. Leave it empty if you don't have one yet: you can join an existing team later."
        />
        <SubmitButton className={form.actions} loading={submitting} loadingText="Creating account...">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

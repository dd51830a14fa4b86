import {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import FormField, {PasswordField} from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import SubmitButton from '@site/src/components/submit-button';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {MESSAGES, validateResetPassword, validateResetToken} from '@site/src/lib/validation';
import {resetPassword, startAccountRecovery} from '@site/src/lib/api/auth';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {AuthCard, AuthCardLoading} from '@site/src/components/auth-layout';
import {FormError, useFormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';

/** These codes switch to the invalid-link view. */
export const INVALID_LINK_CODES = new Set(['INVALID_OR_EXPIRED', 'EXPIRED', 'ALREADY_USED']);

function InvalidLink({reason}: {reason?: string}): ReactNode {
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
      <div className={form.linkRow}>
        <Link to="/login">Back to sign in</Link>
      </div>
    </AuthCard>
  );
}

/** The server's answer when the account has two-factor on and no code came with the new password. */
const CODE_REQUIRED = 'TWO_FACTOR_CODE_REQUIRED';

function RecoveryStarted({endsAt}: {endsAt: string}): ReactNode {
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

/** The reset-password page: new password and confirmation, then /login?reset=1, or the invalid-link view. */
export default function ResetPasswordForm(): ReactNode {
  const params = useSearchParams();
  const history = useHistory();
  const {values, field} = useFormValues({password: '', confirm: ''});
  const {password, confirm} = values;
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const {error, setError, errorRef} = useFormError<string>();
  const [invalidLink, setInvalidLink] = useState(false);
  // Two-factor on: the server asked for a code, so the page shows its field and the way without one.
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const [recovering, setRecovering] = useState(false);
  const [recoveryEndsAt, setRecoveryEndsAt] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);

  if (params === null) {
    return <AuthCardLoading icon="key" title="Set a new password" />;
  }

  const token = params.get('token');
  const tokenProblem = validateResetToken(token);
  if (tokenProblem) return <InvalidLink reason={tokenProblem} />;
  if (invalidLink) return <InvalidLink />;
  if (recoveryEndsAt) return <RecoveryStarted endsAt={recoveryEndsAt} />;

  const mismatch = confirm.length > 0 && password !== confirm;
  // 'Fill in all fields' goes as soon as both are filled, rather than stay until the next submit.
  const shownError = error === MESSAGES.fillAllFields && password && confirm ? null : error;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateResetPassword({token, password, confirm});
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await resetPassword(token as string, password, needsCode && code.trim() ? code.trim() : undefined);
      history.push('/login?reset=1');
    } catch (caught) {
      refused(caught);
      setSubmitting(false);
    }
  }

  function refused(caught: unknown) {
    const refusal = errorCode(caught);
    if (refusal && INVALID_LINK_CODES.has(refusal)) setInvalidLink(true);
    else {
      if (refusal === CODE_REQUIRED) setNeedsCode(true);
      setError(getErrorMessage(caught));
    }
  }

  /** 'I can't use my authenticator': the same new password, set when the recovery's wait ends. */
  async function onRecover() {
    const invalid = validateResetPassword({token, password, confirm});
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setRecovering(true);
    try {
      setRecoveryEndsAt((await startAccountRecovery(token as string, password)).endsAt);
    } catch (caught) {
      refused(caught);
      setRecovering(false);
    }
  }

  return (
    <AuthCard
      icon="key"
      title="Set a new password"
      subtitle="Choose a strong password you don't use anywhere else. Every signed-in session will be signed out."
      footer={
        <>
          <Link to="/login">Back to sign in</Link>
        </>
      }
    >
      <FormError errorRef={errorRef}>{shownError}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          {...field('password')}
          required
          hint={<PasswordStrengthMeter password={password} />}
          visible={visible}
          onToggleVisible={() => setVisible((v) => !v)}
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          {...field('confirm')}
          required
          error={mismatch ? MESSAGES.passwordsDoNotMatch : null}
          visible={visible}
        />
        {needsCode ? (
          <FormField
            ref={codeRef}
            label="Authentication or recovery code"
            name="code"
            autoComplete="one-time-code"
            spellCheck={false}
            placeholder="123456 or XXXXX-XXXXX"
            hint="Your account has two-factor authentication on: enter the code your authenticator app shows, or one of your recovery codes."
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        ) : null}
        <SubmitButton
          className={form.actions}
          loading={submitting}
          loadingText="Resetting password..."
          disabled={mismatch || recovering}
        >
          Reset password
        </SubmitButton>
      </form>
      {needsCode ? (
        <div className={form.stack}>
          <p className={form.muted}>
            Lost your authenticator app and your recovery codes? Recover the account instead: after a waiting period, in
            which nobody can sign in to it, two-factor authentication and passkeys are removed and this new password
            takes effect. We email you a link to cancel it.
          </p>
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => void onRecover()}
            disabled={submitting || recovering || mismatch}
          >
            {recovering ? 'Starting recovery...' : "I can't use my authenticator"}
          </button>
        </div>
      ) : null}
    </AuthCard>
  );
}

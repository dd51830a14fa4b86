import {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {PasswordField} from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import Spinner from '@site/src/components/spinner';
import SubmitButton from '@site/src/components/submit-button';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {MESSAGES, validateResetPassword, validateResetToken} from '@site/src/lib/validation';
import {resetPassword} from '@site/src/lib/api/auth';
import {useFormValues} from '@site/src/hooks/use-form-values';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError, useFormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';

/** Spec §8: these codes switch to the invalid-link view. */
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

/** The reset-password page (spec §2, §4, §5). */
export default function ResetPasswordForm(): ReactNode {
  const params = useSearchParams();
  const history = useHistory();
  const {values, field} = useFormValues({password: '', confirm: ''});
  const {password, confirm} = values;
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const {error, setError, errorRef} = useFormError<string>();
  const [invalidLink, setInvalidLink] = useState(false);

  if (params === null) {
    return (
      <AuthCard icon="key" title="Set a new password">
        <div className={form.spinnerBox}>
          <Spinner />
        </div>
      </AuthCard>
    );
  }

  const token = params.get('token');
  const tokenProblem = validateResetToken(token);
  if (tokenProblem) return <InvalidLink reason={tokenProblem} />;
  if (invalidLink) return <InvalidLink />;

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
      await resetPassword(token as string, password);
      history.push('/login?reset=1');
    } catch (caught) {
      const code = errorCode(caught);
      if (code && INVALID_LINK_CODES.has(code)) setInvalidLink(true);
      else setError(getErrorMessage(caught));
      setSubmitting(false);
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
        <SubmitButton
          className={form.actions}
          loading={submitting}
          loadingText="Resetting password..."
          disabled={mismatch}
        >
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

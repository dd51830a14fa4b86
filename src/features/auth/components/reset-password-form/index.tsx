import {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import FormField, {PasswordField} from '@site/src/components/form-field';
import PasswordStrengthMeter from '@site/src/components/password-strength-meter';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {errorCode} from '@site/src/lib/errors';
import {MESSAGES, validateResetToken} from '@site/src/lib/validation';
import {RESET_PASSWORD} from '@site/src/lib/forms/auth-rules';
import {resetPassword, startAccountRecovery} from '@site/src/lib/api/auth';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {AuthCard, AuthCardLoading} from '@site/src/components/auth-layout';
import {FormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';
import {InvalidLink, RecoveryStarted} from './views';

/** These codes switch to the invalid-link view. */
export const INVALID_LINK_CODES = new Set(['INVALID_OR_EXPIRED', 'EXPIRED', 'ALREADY_USED']);

/** The server's answer when the account has two-factor on and no code came with the new password. */
const CODE_REQUIRED = 'TWO_FACTOR_CODE_REQUIRED';

/** The reset-password page: new password and confirmation, then /login?reset=1, or the invalid-link view. */
export default function ResetPasswordForm(): ReactNode {
  const params = useSearchParams();
  const history = useHistory();
  const reset = useContractForm({rules: RESET_PASSWORD, defaultValues: {password: '', confirm: '', code: ''}});
  // 'I can't use my authenticator' is an action of its own, sent with the same checked password.
  const recover = useContractForm({defaultValues: {}});
  const [visible, setVisible] = useState(false);
  const [invalidLink, setInvalidLink] = useState(false);
  // Two-factor on: the server asked for a code, so the page shows its field and the way without one.
  const [needsCode, setNeedsCode] = useState(false);
  const [recoveryEndsAt, setRecoveryEndsAt] = useState<string | null>(null);
  const {setFocus} = reset;
  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  if (params === null) {
    return <AuthCardLoading icon="key" title="Set a new password" />;
  }

  const token = params.get('token');
  const tokenProblem = validateResetToken(token);
  if (tokenProblem) return <InvalidLink reason={tokenProblem} />;
  if (invalidLink) return <InvalidLink />;
  if (recoveryEndsAt) return <RecoveryStarted endsAt={recoveryEndsAt} />;

  const password = reset.watch('password');
  const confirm = reset.watch('confirm');
  const mismatch = confirm.length > 0 && password !== confirm;
  const submitting = reset.formState.isSubmitting;
  const recovering = recover.formState.isSubmitting;

  /** A dead link switches to its view; a request for the code shows the code field; anything else is shown. */
  function refused(caught: unknown): never {
    const refusal = errorCode(caught);
    if (refusal && INVALID_LINK_CODES.has(refusal)) setInvalidLink(true);
    if (refusal === CODE_REQUIRED) setNeedsCode(true);
    throw caught;
  }

  const onSubmit = reset.submit(async ({newPassword}, {code}) => {
    recover.clearErrors();
    await resetPassword(token as string, newPassword, needsCode && code.trim() ? code.trim() : undefined).catch(
      refused,
    );
    history.push('/login?reset=1');
  });

  /** 'I can't use my authenticator': the same new password, set when the recovery's wait ends. */
  async function onRecover() {
    if (!(await reset.trigger(undefined, {shouldFocus: true}))) return;
    reset.clearErrors('root');
    await recover.submit(async () => {
      const started = await startAccountRecovery(token as string, password).catch(refused);
      setRecoveryEndsAt(started.endsAt);
    })();
  }

  const shown = reset.formError ? reset : recover;
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
      <FormError {...shown.errorProps}>{shown.formError}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Set a new password">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...reset.field('password')}
          required
          hint={<PasswordStrengthMeter password={password} />}
          visible={visible}
          onToggleVisible={() => setVisible((v) => !v)}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...reset.field('confirm')}
          required
          error={mismatch ? MESSAGES.passwordsDoNotMatch : null}
          visible={visible}
        />
        {needsCode ? (
          <FormField
            label="Authentication or recovery code"
            autoComplete="one-time-code"
            spellCheck={false}
            placeholder="123456 or XXXXX-XXXXX"
            hint="Your account has two-factor authentication on: enter the code your authenticator app shows, or one of your recovery codes."
            {...reset.field('code')}
            required
          />
        ) : null}
        <FormSubmit
          control={reset.control}
          className={form.actions}
          loadingText="Resetting password..."
          disabled={mismatch || recovering}
        >
          Reset password
        </FormSubmit>
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

import {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import FormField from '@site/src/components/form-field';
import SubmitButton from '@site/src/components/submit-button';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError, useFormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import {TWO_FACTOR_MESSAGES, normalizeRecoveryCode, normalizeTotpCode} from '@intakekit/contract/two-factor';
import type {TwoFactorChallengeResponse} from '@intakekit/contract/schemas/auth';
import PasskeyAlternative from '../passkey-alternative';
import styles from './styles.module.css';

/** Where someone without their authenticator or recovery codes starts: a reset link, then the recovery. */
export const LOST_AUTHENTICATOR_PATH = '/forgot-password?authenticator=lost';

/** Refusals after which this challenge is of no more use: back to the password, with the message. */
const CHALLENGE_ENDED = new Set(['TWO_FACTOR_CHALLENGE_EXPIRED', 'LOCKED']);

interface Props {
  challenge: TwoFactorChallengeResponse;
  onSignedIn: () => void;
  /** Back to email and password, with the message that ended the challenge (if one did). */
  onRestart: (error?: {message: string; code?: string}) => void;
}

/** The second step of a sign-in with two-factor on: an authenticator code, a recovery code, or a passkey. */
export default function TwoFactorStep({challenge, onSignedIn, onRestart}: Props): ReactNode {
  const completeTwoFactor = useAuthStore((s) => s.completeTwoFactor);
  const signInWithPasskey = useAuthStore((s) => s.signInWithPasskey);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const {error, setError, errorRef} = useFormError<string>();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // A new view: the heading is announced, then the field takes the focus for typing.
  useEffect(() => {
    titleRef.current?.focus();
    inputRef.current?.focus();
  }, [useRecovery]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = useRecovery ? normalizeRecoveryCode(code) : normalizeTotpCode(code);
    if (!normalized) {
      setError(useRecovery ? TWO_FACTOR_MESSAGES.recoveryCodeRequired : TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await completeTwoFactor({challengeToken: challenge.challengeToken, code: normalized});
      onSignedIn();
    } catch (caught) {
      setSubmitting(false);
      refused(caught);
    }
  }

  function refused(caught: unknown) {
    const message = getErrorMessage(caught);
    const code = errorCode(caught);
    if (code && CHALLENGE_ENDED.has(code)) onRestart({message, code});
    else setError(message);
  }

  async function onPasskey() {
    setError(null);
    setPasskeyPending(true);
    try {
      await signInWithPasskey(challenge.challengeToken);
      onSignedIn();
    } catch (caught) {
      setPasskeyPending(false);
      refused(caught);
    }
  }

  function switchMethod() {
    setUseRecovery((v) => !v);
    setCode('');
    setError(null);
  }

  return (
    <AuthCard
      title="Two-factor authentication"
      icon="lock"
      titleRef={titleRef}
      subtitle={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <FormError errorRef={errorRef}>{error ? <p>{error}</p> : null}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
        {useRecovery ? (
          <FormField
            key="recovery"
            ref={inputRef}
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXXX-XXXXX"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        ) : (
          <FormField
            key="totp"
            ref={inputRef}
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        )}
        <SubmitButton
          className={form.actions}
          loading={submitting}
          loadingText="Verifying..."
          disabled={passkeyPending}
        >
          Verify
        </SubmitButton>
      </form>
      {challenge.passkey ? (
        <PasskeyAlternative pending={passkeyPending} disabled={submitting} onClick={() => void onPasskey()}>
          Use a passkey
        </PasskeyAlternative>
      ) : null}
      <div className={styles.links}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={switchMethod}
          disabled={submitting || passkeyPending}
        >
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onRestart()}
          disabled={submitting || passkeyPending}
        >
          Back to sign in
        </button>
        <Link to={LOST_AUTHENTICATOR_PATH} className={styles.linkButton}>
          Lost access to your authenticator?
        </Link>
      </div>
    </AuthCard>
  );
}

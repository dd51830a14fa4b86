import {useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import FormField from '@site/src/components/form-field';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import {TWO_FACTOR_MESSAGES, normalizeRecoveryCode, normalizeTotpCode} from '@intakekit/contract/two-factor';
import {TwoFactorCodeBody, type TwoFactorChallengeResponse} from '@intakekit/contract/schemas/auth';
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
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useContractForm({
    rules: {
      schema: TwoFactorCodeBody,
      toBody: ({code}: {code: string}) => ({
        code: (useRecovery ? normalizeRecoveryCode(code) : normalizeTotpCode(code)) ?? '',
      }),
      checks: [
        {
          field: 'code',
          failed: 'minLength',
          message: useRecovery ? TWO_FACTOR_MESSAGES.recoveryCodeRequired : TWO_FACTOR_MESSAGES.codeRequired,
        },
      ],
    },
    defaultValues: {code: ''},
  });
  // The passkey button is an action of its own: its busy state and refusal, shown in the same place.
  const passkey = useContractForm({defaultValues: {}});
  const titleRef = useRef<HTMLHeadingElement>(null);
  const {setFocus} = verify;

  // A new view: the heading is announced, then the field takes the focus for typing.
  useEffect(() => {
    titleRef.current?.focus();
    setFocus('code');
  }, [useRecovery, setFocus]);

  /** A refusal that ends the challenge goes back to the password, with its message; any other is shown here. */
  function refused(caught: unknown): never {
    const code = errorCode(caught);
    if (code && CHALLENGE_ENDED.has(code)) onRestart({message: getErrorMessage(caught), code});
    throw caught;
  }

  const onSubmit = verify.submit(async ({code}) => {
    passkey.clearErrors();
    await completeTwoFactor({challengeToken: challenge.challengeToken, code}).catch(refused);
    onSignedIn();
  });
  const onPasskey = passkey.submit(async () => {
    verify.clearErrors();
    await signInWithPasskey(challenge.challengeToken).catch(refused);
    onSignedIn();
  });

  function switchMethod() {
    setUseRecovery((v) => !v);
    verify.reset();
    passkey.clearErrors();
  }

  const submitting = verify.formState.isSubmitting;
  const passkeyPending = passkey.formState.isSubmitting;
  const shown = verify.formError ? verify : passkey;
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
      <FormError {...shown.errorProps}>{shown.formError ? <p>{shown.formError}</p> : null}</FormError>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
        {useRecovery ? (
          <FormField
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXXX-XXXXX"
            {...verify.field('code')}
            required
          />
        ) : (
          <FormField
            key="totp"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={7}
            {...verify.field('code')}
            required
          />
        )}
        <FormSubmit
          control={verify.control}
          className={form.actions}
          loadingText="Verifying..."
          disabled={passkeyPending}
        >
          Verify
        </FormSubmit>
      </form>
      {challenge.passkey ? (
        <PasskeyAlternative control={passkey.control} disabled={submitting} onClick={() => void onPasskey()}>
          Use a passkey
        </PasskeyAlternative>
      ) : null}
      <div className={form.linkRow}>
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

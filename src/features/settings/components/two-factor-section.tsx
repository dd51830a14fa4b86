import {useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import CopyButton from '@site/src/components/copy-button';
import FormField from '@site/src/components/form-field';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import SubmitButton from '@site/src/components/submit-button';
import {getErrorMessage} from '@site/src/lib/errors';
import {useAuthStore, type User} from '@site/src/stores/auth-store';
import {VERIFY_EMAIL_FOR_SIGN_IN_METHODS} from '@intakekit/contract/errors';
import {TWO_FACTOR_MESSAGES, normalizeRecoveryCode, normalizeTotpCode} from '@intakekit/contract/two-factor';
import type {TwoFactorSetupResponse} from '@intakekit/contract/schemas/auth';
import {beginTwoFactorSetup, enableTwoFactor, regenerateRecoveryCodes} from '../api/two-factor';
import RecoveryCodes from './recovery-codes';
import TurnOffTwoFactorDialog from './turn-off-two-factor-dialog';
import styles from './two-factor.module.css';

/** An authenticator code or a recovery code as typed, in the form the API takes; null when it is neither. */
export function secondFactorCode(input: string): string | null {
  return normalizeTotpCode(input) ?? normalizeRecoveryCode(input);
}

const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type View =
  | {kind: 'idle'}
  | {kind: 'setup'; setup: TwoFactorSetupResponse}
  | {kind: 'codes'; codes: string[]; message: string}
  | {kind: 'new-codes'};

/** A one-field form for a 6-digit code (setup) or a code of either kind (new recovery codes). */
function CodeForm({
  label,
  submitLabel,
  pendingLabel,
  acceptRecoveryCode,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  acceptRecoveryCode: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}): ReactNode {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = acceptRecoveryCode ? secondFactorCode(code) : normalizeTotpCode(code);
    if (!normalized) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(normalized);
    } catch (failure) {
      setError(getErrorMessage(failure));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className={styles.codeField}>
        <FormField
          label={label}
          name="code"
          inputMode={acceptRecoveryCode ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={acceptRecoveryCode ? 'A code from your app, or one of your recovery codes.' : undefined}
        />
      </div>
      <div className={styles.actions}>
        <SubmitButton className={styles.inlineButton} loading={pending} loadingText={pendingLabel}>
          {submitLabel}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Settings → Two-factor authentication: set up with a QR code, recovery codes, turn off. */
export default function TwoFactorSection({user}: {user: User}): ReactNode {
  const refreshUser = useAuthStore((s) => s.refreshUser);
  // Sent here by the team's policy (session/components/two-factor-gate).
  const requiredByTeam = Boolean(user.team?.requireTwoFactor && !user.twoFactorEnabled);
  const [view, setView] = useState<View>({kind: 'idle'});
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const startSetup = async () => {
    setStarting(true);
    setError(null);
    setNotice(null);
    try {
      setView({kind: 'setup', setup: await beginTwoFactorSetup()});
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setStarting(false);
    }
  };

  let body: ReactNode;
  if (view.kind === 'codes') {
    body = (
      <>
        <Notice variant="success">{view.message}</Notice>
        <RecoveryCodes codes={view.codes} email={user.email} onDone={() => setView({kind: 'idle'})} />
      </>
    );
  } else if (view.kind === 'setup') {
    const {setup} = view;
    body = (
      <div className={styles.steps}>
        <img
          className={styles.qr}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          width={176}
          height={176}
        />
        <div>
          <h3 className={styles.subheading}>1. Scan the QR code with your authenticator app</h3>
          <p className={styles.text}>
            Use an app such as 1Password, Google Authenticator, Microsoft Authenticator or Authy. Can&apos;t scan it?
            Enter this setup key instead:
          </p>
          <p>
            <code className={styles.secret} aria-label="Setup key">
              {groupSecret(setup.secret)}
            </code>
            <CopyButton value={setup.secret} label="Copy setup key" />
          </p>
          <h3 className={styles.subheading}>2. Enter the 6-digit code the app shows</h3>
          <CodeForm
            label="Authentication code"
            submitLabel="Turn on two-factor"
            pendingLabel="Turning on..."
            acceptRecoveryCode={false}
            onCancel={() => setView({kind: 'idle'})}
            onSubmit={async (code) => {
              const codes = await enableTwoFactor(code);
              await refreshUser();
              setView({kind: 'codes', codes, message: 'Two-factor authentication is on.'});
            }}
          />
        </div>
      </div>
    );
  } else if (view.kind === 'new-codes') {
    body = (
      <>
        <p className={styles.text}>
          New recovery codes replace the ones you have: the old codes stop working. Enter a code to confirm.
        </p>
        <CodeForm
          label="Authentication code"
          submitLabel="Make new codes"
          pendingLabel="Making codes..."
          acceptRecoveryCode
          onCancel={() => setView({kind: 'idle'})}
          onSubmit={async (code) => {
            const codes = await regenerateRecoveryCodes(code);
            setView({kind: 'codes', codes, message: 'New recovery codes are ready; the old ones no longer work.'});
          }}
        />
      </>
    );
  } else if (user.twoFactorEnabled) {
    body = (
      <div className={styles.status}>
        <p>
          <strong>On.</strong> Signing in asks for a code from your authenticator app after your password.
        </p>
        <div className={styles.actions}>
          <button type="button" className="button button--secondary" onClick={() => setView({kind: 'new-codes'})}>
            Make new recovery codes
          </button>
          <button
            type="button"
            className={clsx('button button--outline button--danger')}
            onClick={() => setTurningOff(true)}
          >
            Turn off
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className={styles.status}>
        <p>
          <strong>Off.</strong> Add a second step to signing in: a 6-digit code from an authenticator app on your phone,
          so a stolen password alone does not open your API keys.
        </p>
        {user.emailVerified ? (
          <SubmitButton
            type="button"
            className={styles.inlineButton}
            loading={starting}
            loadingText="Starting..."
            onClick={() => void startSetup()}
          >
            Set up two-factor
          </SubmitButton>
        ) : (
          // Until the address is proved the account may be someone else's registration of it.
          <Notice variant="info">{VERIFY_EMAIL_FOR_SIGN_IN_METHODS}</Notice>
        )}
      </div>
    );
  }

  return (
    <Panel
      id="two-factor"
      title="Two-factor authentication"
      description="A code from an authenticator app on your phone, asked for at every sign-in."
    >
      {requiredByTeam && view.kind === 'idle' ? (
        <Notice variant="warning" className={styles.text}>
          {user.team?.name} requires two-factor authentication. Set it up to reach the API keys, the team page and the
          activity log.
        </Notice>
      ) : null}
      {error ? (
        <Notice variant="error" className={styles.text}>
          {error}
        </Notice>
      ) : null}
      {notice ? (
        <Notice variant="success" className={styles.text}>
          {notice}
        </Notice>
      ) : null}
      {body}
      <TurnOffTwoFactorDialog
        open={turningOff}
        onClose={() => setTurningOff(false)}
        onTurnedOff={async () => {
          setTurningOff(false);
          await refreshUser();
          setNotice('Two-factor authentication is off. We emailed you a notice.');
        }}
      />
    </Panel>
  );
}

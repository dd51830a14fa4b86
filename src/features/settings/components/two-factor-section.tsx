import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {FormSubmit, useContractForm} from '@site/src/components/form';
import {useAuthStore, type User} from '@site/src/stores/auth-store';
import {VERIFY_EMAIL_FOR_SIGN_IN_METHODS} from '@intakekit/contract/errors';
import type {TwoFactorSetupResponse} from '@intakekit/contract/schemas/auth';
import {beginTwoFactorSetup, enableTwoFactor, regenerateRecoveryCodes} from '../api/two-factor';
import RecoveryCodes from './recovery-codes';
import TwoFactorCodeForm from './two-factor-code-form';
import TwoFactorSetup from './two-factor-setup';
import TurnOffTwoFactorDialog from './turn-off-two-factor-dialog';
import styles from './two-factor.module.css';

type View =
  | {kind: 'idle'}
  | {kind: 'setup'; setup: TwoFactorSetupResponse}
  | {kind: 'codes'; codes: string[]; message: string}
  | {kind: 'new-codes'};

/** Settings → Two-factor authentication: set up with a QR code, recovery codes, turn off. */
export default function TwoFactorSection({user}: {user: User}): ReactNode {
  const refreshUser = useAuthStore((s) => s.refreshUser);
  // Sent here by the team's policy (session/components/two-factor-gate).
  const requiredByTeam = Boolean(user.team?.requireTwoFactor && !user.twoFactorEnabled);
  const [view, setView] = useState<View>({kind: 'idle'});
  // Setting up starts with a request of its own (the secret and QR code): a form without fields.
  const start = useContractForm({defaultValues: {}});
  const [turningOff, setTurningOff] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const startSetup = start.submit(async () => {
    setNotice(null);
    setView({kind: 'setup', setup: await beginTwoFactorSetup()});
  });

  let body: ReactNode;
  if (view.kind === 'codes') {
    body = (
      <>
        <Notice variant="success">{view.message}</Notice>
        <RecoveryCodes codes={view.codes} email={user.email} onDone={() => setView({kind: 'idle'})} />
      </>
    );
  } else if (view.kind === 'setup') {
    body = (
      <TwoFactorSetup
        setup={view.setup}
        onCancel={() => setView({kind: 'idle'})}
        onCode={async (code) => {
          const codes = await enableTwoFactor(code);
          await refreshUser();
          setView({kind: 'codes', codes, message: 'Two-factor authentication is on.'});
        }}
      />
    );
  } else if (view.kind === 'new-codes') {
    body = (
      <>
        <p className={styles.text}>
          New recovery codes replace the ones you have: the old codes stop working. Enter a code to confirm.
        </p>
        <TwoFactorCodeForm
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
          <FormSubmit
            control={start.control}
            type="button"
            className={styles.inlineButton}
            loadingText="Starting..."
            onClick={() => void startSetup()}
          >
            Set up two-factor
          </FormSubmit>
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
      {start.formError ? (
        <Notice variant="error" className={styles.text}>
          {start.formError}
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

import type {ReactNode} from 'react';
import CopyButton from '@site/src/components/copy-button';
import type {TwoFactorSetupResponse} from '@intakekit/contract/schemas/auth';
import TwoFactorCodeForm from './two-factor-code-form';
import styles from './two-factor.module.css';

const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Setting up: the QR code (and the key to type instead), then the app's first code turns two-factor on. */
export default function TwoFactorSetup({
  setup,
  onCode,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
}): ReactNode {
  return (
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
        <TwoFactorCodeForm
          label="Authentication code"
          submitLabel="Turn on two-factor"
          pendingLabel="Turning on..."
          acceptRecoveryCode={false}
          onCancel={onCancel}
          onSubmit={onCode}
        />
      </div>
    </div>
  );
}

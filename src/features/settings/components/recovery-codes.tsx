import type {ReactNode} from 'react';
import CopyButton from '@site/src/components/copy-button';
import {recoveryCodesFile} from '@intakekit/contract/two-factor';
import styles from './two-factor.module.css';

/** Offers the codes as a text file, so they can be kept outside the browser. */
function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], {type: 'text/plain;charset=utf-8'}));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'intakekit-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Freshly made recovery codes: shown this once, to copy or download before the person moves on. */
export default function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}): ReactNode {
  const file = recoveryCodesFile(email, codes, new Date());
  return (
    <section aria-labelledby="recovery-codes-title" className={styles.recovery}>
      <h3 id="recovery-codes-title" className={styles.subheading}>
        Save your recovery codes
      </h3>
      <p className={styles.text}>
        If you lose your phone, each of these codes signs you in once in place of an authenticator code. This is the
        only time they are shown: download them or copy them to a password manager now.
      </p>
      <ol className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" onClick={() => download(file)}>
          Download recovery codes
        </button>
        <CopyButton value={file} label="Copy recovery codes" />
        <button type="button" className="button button--primary" onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </section>
  );
}

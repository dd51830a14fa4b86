import {useEffect, useRef, type ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import CopyButton from '@site/src/components/copy-button';
import type {KeyType} from '@site/src/lib/api/keys';
import styles from './new-key-banner.module.css';

export const COPY_NOW_TEXT = "Copy this key now - you won't be able to see it again!";
/** Under the spec's words for a sandbox key, which the API keeps whole: so the two do not contradict. */
export const SANDBOX_STAYS_TEXT = 'A sandbox key stays available on this page: Reveal shows it in the table.';

export interface RevealedKey {
  apiKey: string;
  title: string;
  keyType: KeyType;
  /** A server key: shown only this once, whatever its environment. */
  server?: boolean;
}

/** The once-only banner with the full new key: dismissible, with a copy button. Takes focus when shown. */
export default function NewKeyBanner({revealed, onDismiss}: {revealed: RevealedKey; onDismiss: () => void}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [revealed]);
  return (
    <Notice
      ref={ref}
      variant="success"
      title={revealed.title}
      onDismiss={onDismiss}
      className={styles.banner}
      data-testid="new-key-banner"
    >
      <p className={styles.bannerText}>{COPY_NOW_TEXT}</p>
      {revealed.keyType === 'sandbox' && !revealed.server ? (
        <p className={styles.bannerText}>{SANDBOX_STAYS_TEXT}</p>
      ) : null}
      <div className={styles.keyRow}>
        <code className={styles.fullKey} data-testid="new-key-value">
          {revealed.apiKey}
        </code>
        <CopyButton value={revealed.apiKey} label={revealed.server ? 'Copy server key' : 'Copy API key'} />
      </div>
    </Notice>
  );
}

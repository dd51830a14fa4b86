import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Buttons/CopyButton';
import styles from './styles.module.css';

/** How long 'Copied!' shows (spec §9). */
export const COPIED_MS = 2000;

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (no permission, insecure origin): fall back below.
    }
  }
  const {default: copy} = await import('copy-text-to-clipboard');
  if (!copy(text)) throw new Error('Copy to clipboard failed');
}

/** The one Copy button of every code block: copies the whole snippet and shows 'Copied!' for 2 s. */
export default function CopyButton({className}: Props): ReactNode {
  const {
    metadata: {code},
  } = useCodeBlockContext();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const onCopy = useCallback(() => {
    void writeClipboard(code).then(
      () => {
        window.clearTimeout(timer.current);
        setCopied(true);
        timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      },
      () => setCopied(false),
    );
  }, [code]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <>
      <button
        type="button"
        className={clsx('clean-btn', className, styles.copyButton, copied && styles.copied)}
        onClick={onCopy}
        title="Copy code to clipboard">
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {copied ? (
            <path d="M20 6L9 17l-5-5" />
          ) : (
            <>
              <rect x="9" y="9" width="12" height="12" rx="2" />
              <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
            </>
          )}
        </svg>
        <span>{copied ? 'Copied!' : 'Copy'}</span>
      </button>
      <span className={styles.srOnly} role="status">
        {copied ? 'Copied to clipboard' : ''}
      </span>
    </>
  );
}

import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** How long 'Copied!' shows (spec §9). */
export const COPIED_MS = 2000;

/** The Clipboard API where allowed, else the execCommand fallback Docusaurus ships. */
export async function writeClipboard(text: string): Promise<void> {
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

interface Props {
  /** The text copied. */
  value: string;
  /** Accessible name, e.g. 'Copy API key'; the visible text stays 'Copy' / 'Copied!'. */
  label?: string;
  className?: string;
}

/** A copy button for a value outside a code block: 'Copied!' for 2 s, announced to screen readers. */
export default function CopyButton({value, label = 'Copy', className}: Props): ReactNode {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCopy = useCallback(() => {
    void writeClipboard(value).then(
      () => {
        window.clearTimeout(timer.current);
        setCopied(true);
        timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      },
      (error: unknown) => {
        console.warn('Copy to clipboard failed', error);
        setCopied(false);
      },
    );
  }, [value]);

  return (
    <>
      <button
        type="button"
        className={clsx('button button--sm button--secondary', styles.button, copied && styles.copied, className)}
        onClick={onCopy}
        aria-label={copied ? undefined : label}>
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

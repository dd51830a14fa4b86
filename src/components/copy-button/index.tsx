import type {ReactNode} from 'react';
import clsx from 'clsx';
import {useCopy} from '@site/src/hooks/use-copy';
import styles from './styles.module.css';
import LineIcon from '@site/src/components/line-icon';

/** The copy icon, or a check once copied. */
export function CopyIcon({copied, className}: {copied: boolean; className?: string}): ReactNode {
  return (
    <LineIcon className={className}>
      {copied ? (
        <path d="M20 6L9 17l-5-5" />
      ) : (
        <>
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </>
      )}
    </LineIcon>
  );
}

/** The inside of a copy button: the copy (or check) icon and 'Copy' / 'Copied!'. */
export function CopyButtonContent({copied, iconClassName}: {copied: boolean; iconClassName?: string}): ReactNode {
  return (
    <>
      <CopyIcon copied={copied} className={iconClassName} />
      <span>{copied ? 'Copied!' : 'Copy'}</span>
    </>
  );
}

/** The status line that announces a copy to screen readers (visually hidden). */
export function CopiedStatus({copied}: {copied: boolean}): ReactNode {
  return (
    <span className="sr-only" role="status">
      {copied ? 'Copied to clipboard' : ''}
    </span>
  );
}

function warnCopyFailed(error: unknown): void {
  console.warn('Copy to clipboard failed', error);
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
  const {copied, copy} = useCopy(value, warnCopyFailed);
  return (
    <>
      <button
        type="button"
        className={clsx('button button--sm button--secondary', styles.button, copied && styles.copied, className)}
        onClick={copy}
        aria-label={copied ? undefined : label}
      >
        <CopyButtonContent copied={copied} iconClassName={styles.icon} />
      </button>
      <CopiedStatus copied={copied} />
    </>
  );
}

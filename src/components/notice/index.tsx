import type {ReactNode, Ref} from 'react';
import clsx from 'clsx';
import LineIcon from '@site/src/components/line-icon';
import {ALERT_PATHS, CHECK_PATHS} from '@site/src/components/line-icon/paths';
import {toneClass, type Tone} from '@site/src/components/tone';
import styles from './styles.module.css';

export type NoticeVariant = 'success' | 'error' | 'warning' | 'info';

interface Props {
  variant: NoticeVariant;
  title?: ReactNode;
  children?: ReactNode;
  onDismiss?: () => void;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  /** For a field whose error this banner states (aria-describedby). */
  id?: string;
  'data-testid'?: string;
}

const TONES: Record<NoticeVariant, Tone> = {success: 'success', error: 'danger', warning: 'warning', info: 'info'};

const icons: Record<NoticeVariant, ReactNode> = {
  success: CHECK_PATHS,
  error: ALERT_PATHS,
  warning: (
    <>
      <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
      <path d="M12 9v4M12 17h.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" />
    </>
  ),
};

/**
 * A banner. Errors and warnings are role="alert" (announced at once); success and info are role="status".
 * Focusable (tabIndex -1) so a form can move focus to its error.
 */
export default function Notice({variant, title, children, onDismiss, className, ref, id, ...rest}: Props): ReactNode {
  const role = variant === 'error' || variant === 'warning' ? 'alert' : 'status';
  return (
    <div
      ref={ref}
      id={id}
      role={role}
      tabIndex={-1}
      className={clsx(styles.notice, toneClass(TONES[variant]), variant === 'warning' && styles.warning, className)}
      data-testid={rest['data-testid']}
    >
      <LineIcon className={styles.icon} width="18" height="18">
        {icons[variant]}
      </LineIcon>
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div className={styles.text}>{children}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss">
          <LineIcon width="16" height="16">
            <path d="M18 6 6 18M6 6l12 12" />
          </LineIcon>
        </button>
      ) : null}
    </div>
  );
}

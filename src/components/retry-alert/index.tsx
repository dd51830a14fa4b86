import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  /** What failed, announced as an alert: 'Failed to load the IntakeKit SDK.' */
  title: string;
  /** Why, when it is known. */
  detail?: string | null;
  onRetry: () => void;
  /** Centred (the demo's phone) or along the start edge (default). */
  align?: 'center' | 'start';
  /** Spacing around it. */
  className?: string;
}

/** Something that failed to start or load, and a 'Try again' that starts it anew (demo, previews, search). */
export default function RetryAlert({title, detail, onRetry, align = 'start', className}: Props): ReactNode {
  return (
    <div className={clsx(styles.alert, align === 'center' && styles.centered, className)}>
      <p role="alert" className={styles.title}>
        {title}
      </p>
      {detail && <p className={styles.detail}>{detail}</p>}
      <button type="button" className="button button--secondary button--sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

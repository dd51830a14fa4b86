import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  /** Read by screen readers; visually hidden unless `showLabel`. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A spinner announced as a status. */
export default function Spinner({label = 'Loading...', showLabel = false, size = 'md', className}: Props): ReactNode {
  return (
    <span role="status" aria-live="polite" className={clsx(styles.wrapper, className)}>
      <span aria-hidden="true" className={clsx(styles.spinner, styles[size])} />
      <span className={showLabel ? styles.label : 'sr-only'}>{label}</span>
    </span>
  );
}

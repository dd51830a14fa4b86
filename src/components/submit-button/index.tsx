import type {ButtonHTMLAttributes, ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  loading?: boolean;
  /** Text while loading, e.g. 'Signing in...'. */
  loadingText?: string;
  variant?: 'primary' | 'secondary';
}

/** A full-width form button: disabled and relabelled while its request is in flight. */
export default function SubmitButton({
  loading = false,
  loadingText,
  variant = 'primary',
  children,
  className,
  disabled,
  type = 'submit',
  ...rest
}: Props): ReactNode {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx('button', `button--${variant}`, 'button--block', styles.button, className)}
    >
      {loading ? <span aria-hidden="true" className={styles.spinner} /> : null}
      <span>{loading && loadingText ? loadingText : children}</span>
    </button>
  );
}

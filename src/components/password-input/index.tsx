import type {InputHTMLAttributes, ReactNode} from 'react';
import clsx from 'clsx';
import LineIcon from '@site/src/components/line-icon';
import styles from './styles.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onToggle'> {
  visible: boolean;
  /** Renders the show/hide toggle when given. */
  onToggleVisible?: () => void;
}

/** A password input with an optional show/hide toggle (for FormField's renderInput). */
export default function PasswordInput({visible, onToggleVisible, className, ...input}: Props): ReactNode {
  return (
    <div className={styles.wrapper}>
      <input
        {...input}
        type={visible ? 'text' : 'password'}
        className={clsx(className, onToggleVisible && styles.withToggle)}
      />
      {onToggleVisible ? (
        <button
          type="button"
          className={styles.toggle}
          onClick={onToggleVisible}
          aria-pressed={visible}
          aria-controls={input.id}
          aria-label={visible ? 'Hide password' : 'Show password'}
        >
          <LineIcon width="18" height="18">
            {visible ? (
              <path d="M17.94 17.94A10.07 10.07 0 0 1 12 20c-7 0-11-8-11-8a18.45 18.45 0 0 1 5.06-5.94M9.9 4.24A9.12 9.12 0 0 1 12 4c7 0 11 8 11 8a18.5 18.5 0 0 1-2.16 3.19m-6.72-1.07a3 3 0 1 1-4.24-4.24M1 1l22 22" />
            ) : (
              <>
                <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
                <circle cx="12" cy="12" r="3" />
              </>
            )}
          </LineIcon>
          <span className={styles.toggleText}>{visible ? 'Hide' : 'Show'}</span>
        </button>
      ) : null}
    </div>
  );
}

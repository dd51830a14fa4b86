import {useId, type ReactNode, type Ref, type TextareaHTMLAttributes} from 'react';
import clsx from 'clsx';
import styles from './page.module.css';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea (a version note, a Questionnaire's JSON) with its hint and error wired for screen readers. */
export default function TextArea({label, hint, error, className, ref, ...textarea}: Props): ReactNode {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={clsx(styles.textarea, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className={styles.fieldHint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

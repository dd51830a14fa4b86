import {useId, type InputHTMLAttributes, type ReactNode, type Ref} from 'react';
import clsx from 'clsx';
import PasswordInput from '@site/src/components/password-input';
import styles from './styles.module.css';

/** The fields' box (height, border, focus ring), for a native select that sits among them. */
export const inputClassName = styles.input;

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field may stay empty: "(optional)" follows the label. */
  optional?: boolean;
  /** Right side of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  hint?: ReactNode;
  /** Inline error for this field (role="alert"). */
  error?: string | null;
  /** The id of the form's message that states this field's error, when it is shown there rather than inline. */
  errorShownAt?: string;
  /** Replaces the plain input (e.g. a password input with a toggle); receives id and aria props. */
  renderInput?: (
    props: InputHTMLAttributes<HTMLInputElement> & {id: string; className: string; ref?: Ref<HTMLInputElement>},
  ) => ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired through aria-describedby. */
export default function FormField({
  label,
  optional,
  labelAside,
  hint,
  error,
  errorShownAt,
  renderInput,
  className,
  ref,
  ...input
}: FormFieldProps): ReactNode {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : errorShownAt;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error || errorShownAt);
  const inputProps = {
    ...input,
    id,
    ref,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    className: clsx(styles.input, invalid && styles.invalid, className),
  };
  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {label}
          {optional ? <span className={styles.labelNote}> (optional)</span> : null}
        </label>
        {labelAside}
      </div>
      {renderInput ? renderInput(inputProps) : <input {...inputProps} />}
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An email FormField: the keyboard, autofill and no autocapitalise / spell check that every email input here wants.
 * Label "Email", name "email" and the placeholder are defaults; any prop overrides them.
 */
export function EmailField(props: Omit<FormFieldProps, 'label'> & {label?: string}): ReactNode {
  return (
    <FormField
      label="Email"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="you@company.com"
      {...props}
    />
  );
}

/** A password FormField: the input with its show/hide toggle (the toggle only when `onToggleVisible` is given). */
export function PasswordField({
  visible,
  onToggleVisible,
  ...props
}: Omit<FormFieldProps, 'renderInput' | 'type'> & {visible: boolean; onToggleVisible?: () => void}): ReactNode {
  return (
    <FormField
      {...props}
      renderInput={(input) => <PasswordInput {...input} visible={visible} onToggleVisible={onToggleVisible} />}
    />
  );
}

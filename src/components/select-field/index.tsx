import {useId, type ReactNode, type Ref, type SelectHTMLAttributes} from 'react';
import {inputClassName} from '@site/src/components/form-field';
import styles from './styles.module.css';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled native select that looks like the FormField inputs beside it (invite role, new owner, a key's expiry, the expected volume). */
export default function SelectField({label, ref, children, ...select}: SelectFieldProps): ReactNode {
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        {label}
      </label>
      <select ref={ref} id={id} className={inputClassName} {...select}>
        {children}
      </select>
    </div>
  );
}

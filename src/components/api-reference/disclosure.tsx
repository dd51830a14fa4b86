import {useId, useState, type ReactNode} from 'react';
import styles from './tools.module.css';

/**
 * A button that shows and hides what it controls, rendered only once shown: the reference lists every operation,
 * and building each one's examples and form up front would keep a phone busy for nothing.
 */
export function Disclosure({
  label,
  name,
  children,
}: {
  /** The button's words. */
  label: string;
  /** Its accessible name: starts with `label`, then says which operation. */
  name: string;
  children: () => ReactNode;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.tool}>
      <button
        type="button"
        className="button button--secondary button--sm"
        aria-expanded={open}
        aria-controls={id}
        aria-label={name}
        onClick={() => setOpen((shown) => !shown)}
      >
        {label}
      </button>
      <div id={id} hidden={!open}>
        {open && children()}
      </div>
    </div>
  );
}

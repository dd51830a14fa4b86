import type {ReactNode} from 'react';

interface Props {
  /** The button's words. */
  children: ReactNode;
  /** Its accessible name, which says the row too ('Rename Work laptop'). */
  label: string;
  danger?: boolean;
  onClick: () => void;
  /** The row's request runs: the button waits. */
  busy?: boolean;
}

/** A small outlined button on a row of a settings list (a passkey, a session). */
export default function RowButton({children, label, danger, onClick, busy}: Props): ReactNode {
  return (
    <button
      type="button"
      className={`button button--sm button--outline ${danger ? 'button--danger' : 'button--secondary'}`}
      aria-label={label}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

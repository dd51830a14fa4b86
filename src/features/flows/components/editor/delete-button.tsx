import type {ReactNode} from 'react';

/** The editor's Delete (an item, an option, a condition): its accessible name says which. */
export default function DeleteButton({
  label,
  onClick,
  id,
}: {
  label: string;
  onClick: () => void;
  id?: string;
}): ReactNode {
  return (
    <button
      id={id}
      type="button"
      className="button button--sm button--outline button--danger"
      aria-label={label}
      onClick={onClick}
    >
      Delete
    </button>
  );
}

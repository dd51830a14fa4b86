import type {ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  /** Accessible name of the scroll region (and the table's caption for screen readers). */
  label: string;
  /**
   * The <thead> and <tbody>. The last column is the actions column (right-aligned). For the phone layout,
   * each <td> carries `data-label` (its column name) and every element its table role (role="row",
   * role="cell"...), so the semantics survive the CSS that stacks rows into cards.
   */
  children: ReactNode;
}

/**
 * A data table of the signed-in pages: quiet header row, row hover, right-aligned last (actions) column.
 * Below 600 px each row becomes a card of label/value lines with the actions at the bottom; the region
 * still scrolls sideways (and keyboard users can focus it) if a value is wider than the phone.
 */
export default function DataTable({label, children}: Props): ReactNode {
  return (
    <div className={styles.wrap} tabIndex={0} role="region" aria-label={label}>
      <table className={styles.table} role="table">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

/** Visually hidden text (context for a screen reader, e.g. which key a Rotate button acts on). */
export function SrOnly({children, id}: {children?: ReactNode; id?: string}): ReactNode {
  return (
    <span id={id} className="sr-only">
      {children}
    </span>
  );
}

/** The header row of a data table: one column header per name. */
export function HeaderRow({columns}: {columns: readonly string[]}): ReactNode {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((name) => (
          <th key={name} scope="col" role="columnheader">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

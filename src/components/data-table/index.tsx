import type {ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  /** Accessible name of the scroll region (and the table's caption for screen readers). */
  label: string;
  /** The column headers; the last column is the actions column (right-aligned). */
  columns: readonly string[];
  /**
   * The body's rows. For the phone layout each cell is a `Cell` (its column name as `data-label`) and every element
   * carries its table role (role="row", role="cell"...), so the semantics survive the CSS that stacks rows into cards.
   */
  children: ReactNode;
}

/**
 * A data table of the signed-in pages: quiet header row, row hover, right-aligned last (actions) column.
 * Below 600 px each row becomes a card of label/value lines with the actions at the bottom; the region
 * still scrolls sideways (and keyboard users can focus it) if a value is wider than the phone.
 */
export default function DataTable({label, columns, children}: Props): ReactNode {
  return (
    <div className={styles.wrap} tabIndex={0} role="region" aria-label={label}>
      <TableWithHeader className={styles.table} caption={label} columns={columns}>
        {children}
      </TableWithHeader>
    </div>
  );
}

interface TableProps {
  className?: string;
  /** Read by screen readers only. */
  caption: ReactNode;
  columns: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

/**
 * The table element of a table whose rows stack into cards on a phone: every element keeps its table role, since the
 * CSS that stacks them takes the table semantics away in some browsers.
 */
export function TableWithHeader({className, caption, columns, children}: TableProps): ReactNode {
  return (
    <table className={className} role="table">
      <caption className="sr-only">{caption}</caption>
      <HeaderRow columns={columns} />
      <tbody role="rowgroup">{children}</tbody>
    </table>
  );
}

/** A body cell, labelled with its column's name for the phone layout's cards. */
export function Cell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
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

import {Children, cloneElement, isValidElement, type ComponentProps, type ReactElement, type ReactNode} from 'react';
import styles from './table.module.css';

type ElementWithChildren = ReactElement<{children?: ReactNode}>;

function elements(children: ReactNode): ElementWithChildren[] {
  return Children.toArray(children).filter(isValidElement) as ElementWithChildren[];
}

/** The text of a header cell (`<code>` and emphasis included), for the label a stacked cell shows. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{children?: ReactNode}>(node)) return textOf(node.props.children);
  return '';
}

/** The body's rows with each cell labelled by its column's header. */
function labelled(section: ElementWithChildren, labels: string[]): ElementWithChildren {
  const rows = elements(section.props.children).map((row) =>
    cloneElement(row, {
      children: elements(row.props.children).map((cell, column) =>
        cloneElement(cell as ReactElement<{'data-label'?: string}>, {'data-label': labels[column] ?? ''}),
      ),
    }),
  );
  return cloneElement(section, {children: rows});
}

/**
 * Markdown tables: full width; on a phone each row becomes a card whose cells carry their column's name
 * (`data-label`, shown before the cell by CSS), so every column stays readable without scrolling sideways. The
 * table keeps its elements, so screen readers still read it as a table.
 */
export function Table({children, ...props}: ComponentProps<'table'>): ReactNode {
  const sections = elements(children);
  const head = sections.find((section) => section.type === 'thead');
  const labels = head ? elements(elements(head.props.children)[0]?.props.children).map((cell) => textOf(cell)) : [];
  return (
    // Focusable: a wide table scrolls inside it on larger screens, and keyboard users scroll it too.
    <div className={styles.tableWrap} tabIndex={0}>
      <table {...props} className={labels.length > 0 ? styles.stackable : undefined}>
        {sections.map((section) => (section.type === 'tbody' ? labelled(section, labels) : section))}
      </table>
    </div>
  );
}

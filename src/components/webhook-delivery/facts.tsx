import type {ReactNode} from 'react';
import {toSecond as when} from '@site/src/lib/local-time';
import styles from './styles.module.css';

/** A facts list: terms over their values, as many columns as fit. */
export function Facts({children}: {children: ReactNode}): ReactNode {
  return <dl className={styles.facts}>{children}</dl>;
}

/** One term and its value in a facts list (<dl>). */
export function Fact({term, children}: {term: ReactNode; children: ReactNode}): ReactNode {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A moment in the reader's locale, machine-readable too. */
export function When({iso}: {iso: string}): ReactNode {
  return <time dateTime={iso}>{when(iso)}</time>;
}

import type {ComponentProps, ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Markdown tables: full width, and on narrow screens they scroll sideways inside a wrapper that keyboard
 * users can focus (and so scroll).
 */
export function Table(props: ComponentProps<'table'>): ReactNode {
  return (
    <div className={styles.tableWrap} tabIndex={0}>
      <table {...props} />
    </div>
  );
}

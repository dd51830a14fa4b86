import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** A setting or an action said in words, with its button beside them (below them when the row is too narrow). */
export default function ActionRow({children, action}: {children: ReactNode; action?: ReactNode}): ReactNode {
  return (
    <div className={styles.row}>
      {children}
      {action}
    </div>
  );
}

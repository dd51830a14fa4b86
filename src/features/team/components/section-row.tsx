import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** A team setting in a sentence with its button beside it (below it on a phone). */
export default function SectionRow({children, action}: {children: ReactNode; action?: ReactNode}): ReactNode {
  return (
    <div className={styles.sectionRow}>
      <p className={styles.sectionText}>{children}</p>
      {action}
    </div>
  );
}

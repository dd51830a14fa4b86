import type {ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  icon?: ReactNode;
  title: string;
  /** Heading level of the title inside its section. */
  as?: 'h2' | 'h3';
  children?: ReactNode;
  action?: ReactNode;
}

/** A centred empty state: icon, title, one line of help and an optional action. */
export default function EmptyState({icon, title, as: Heading = 'h3', children, action}: Props): ReactNode {
  return (
    <div className={styles.empty}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

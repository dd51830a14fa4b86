import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  icon?: ReactNode;
  title: string;
  /** Heading level of the title inside its section. */
  as?: 'h2' | 'h3';
  children?: ReactNode;
  action?: ReactNode;
}

/** An icon in a tinted circle above a title: an empty list's (primary), or a page that cannot go on (warning). */
export function IconBadge({
  tone = 'primary',
  children,
}: {
  tone?: 'primary' | 'warning';
  children: ReactNode;
}): ReactNode {
  return <span className={clsx(styles.icon, tone === 'warning' && styles.warning)}>{children}</span>;
}

/** A centred empty state: icon, title, one line of help and an optional action. */
export default function EmptyState({icon, title, as: Heading = 'h3', children, action}: Props): ReactNode {
  return (
    <div className={styles.empty}>
      {icon ? <IconBadge>{icon}</IconBadge> : null}
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

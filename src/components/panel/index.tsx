import type {ReactNode} from 'react';
import clsx from 'clsx';
import Notice from '@site/src/components/notice';
import Spinner from '@site/src/components/spinner';
import styles from './styles.module.css';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right (below the title on phones). */
  actions?: ReactNode;
  /** Set when the reader may only read the page (a member): this line under the heading, and no actions. */
  readOnlyNote?: ReactNode;
}

/** The heading block of a signed-in page: the page's only h1, a one-line description and its main actions. */
export function PageHeader({title, description, actions, readOnlyNote}: PageHeaderProps): ReactNode {
  return (
    <>
      <header className={styles.pageHeader}>
        <div className={styles.pageHeaderText}>
          <h1 className={styles.pageTitle}>{title}</h1>
          {description ? <p className={styles.pageDescription}>{description}</p> : null}
        </div>
        {actions && !readOnlyNote ? <div className={styles.pageActions}>{actions}</div> : null}
      </header>
      {readOnlyNote ? (
        <Notice variant="info" className={styles.pageNote}>
          {readOnlyNote}
        </Notice>
      ) : null}
    </>
  );
}

interface PanelProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Right side of the panel header (a badge). */
  aside?: ReactNode;
  /** The count beside the title (members, active keys), a quiet pill; none while it is 0 or unknown. */
  count?: ReactNode;
  children?: ReactNode;
  /** Full-bleed body (a table) instead of padded content. */
  flush?: boolean;
  tone?: 'default' | 'danger';
  className?: string;
  id?: string;
  'data-testid'?: string;
}

/** A titled card section (h2) on a signed-in page. */
export default function Panel({
  title,
  description,
  aside,
  count,
  children,
  flush,
  tone = 'default',
  className,
  id,
  ...rest
}: PanelProps): ReactNode {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      className={clsx(styles.panel, tone === 'danger' && styles.danger, className)}
      aria-labelledby={title ? headingId : undefined}
      data-testid={rest['data-testid']}
    >
      {title || aside || count ? (
        <div className={styles.panelHeader}>
          <div>
            {title ? (
              <h2 id={headingId} className={styles.panelTitle}>
                {title}
              </h2>
            ) : null}
            {description ? <p className={styles.panelDescription}>{description}</p> : null}
          </div>
          {aside}
          {count ? <PanelCount>{count}</PanelCount> : null}
        </div>
      ) : null}
      <div className={flush ? styles.flush : styles.body}>{children}</div>
    </section>
  );
}

/** The count in a panel's header (members, active keys): a quiet pill beside the title. */
function PanelCount({children}: {children: ReactNode}): ReactNode {
  return <span className={styles.count}>{children}</span>;
}

/** What a panel or page shows while its list loads: the spinner with its words, centred. */
export function PanelLoading({label}: {label: string}): ReactNode {
  return (
    <div className={styles.loading}>
      <Spinner label={label} showLabel />
    </div>
  );
}

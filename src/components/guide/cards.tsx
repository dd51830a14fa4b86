import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {GuideIcon, type GuideIconName} from './icons';
import styles from './cards.module.css';

/** A responsive grid of <InfoCard>s (three across on desktop, one on phones). */
export function InfoCards({children}: {children: ReactNode}): ReactNode {
  return <div className={styles.cardGrid}>{children}</div>;
}

export interface InfoCardProps {
  title: string;
  /** A short tag in the corner, e.g. '5 min'. */
  badge?: string;
  icon?: GuideIconName;
  /** Makes the whole card a link. */
  to?: string;
  children?: ReactNode;
}

/** A summary card: icon, title, optional badge and a sentence or two. */
export function InfoCard({title, badge, icon = 'book', to, children}: InfoCardProps): ReactNode {
  const body = (
    <>
      <div className={styles.cardTop}>
        <span className={styles.cardIcon} aria-hidden="true">
          <GuideIcon name={icon} />
        </span>
        {badge && <span className={styles.badge}>{badge}</span>}
      </div>
      <h2 className={styles.cardTitle}>{title}</h2>
      {children && <div className={styles.cardText}>{children}</div>}
    </>
  );
  return to ? (
    <Link to={to} className={clsx(styles.card, styles.cardLink)}>
      {body}
    </Link>
  ) : (
    <div className={styles.card}>{body}</div>
  );
}

/** A list of <LinkCard>s: Next Steps, the closing panel of a guide. */
export function LinkCards({children}: {children: ReactNode}): ReactNode {
  return <ul className={styles.linkList}>{children}</ul>;
}

export interface LinkCardProps {
  to: string;
  title: string;
  icon?: GuideIconName;
  children?: ReactNode;
}

export function LinkCard({to, title, icon = 'arrow', children}: LinkCardProps): ReactNode {
  return (
    <li className={styles.linkItem}>
      <Link to={to} className={styles.linkCard}>
        <span className={styles.linkIcon} aria-hidden="true">
          <GuideIcon name={icon} />
        </span>
        <span className={styles.linkText}>
          <span className={styles.linkTitle}>{title}</span>
          {children && <span className={styles.linkDescription}>{children}</span>}
        </span>
        <span className={styles.linkArrow} aria-hidden="true">
          →
        </span>
      </Link>
    </li>
  );
}

/** A highlighted closing panel ("Where to next"). */
export function Panel({title, children}: {title: string; children: ReactNode}): ReactNode {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Numbered steps: every `###` heading written inside gets a step number, and the headings stay in the
 * page's table of contents.
 */
export function Steps({children}: {children: ReactNode}): ReactNode {
  return <div className={styles.steps}>{children}</div>;
}

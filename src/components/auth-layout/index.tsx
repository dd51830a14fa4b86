import type {ReactNode, Ref} from 'react';
import clsx from 'clsx';
import LineIcon from '@site/src/components/line-icon';
import {ALERT_PATHS, CHECK_PATHS} from '@site/src/components/line-icon/paths';
import Layout from '@theme/Layout';
import Spinner from '@site/src/components/spinner';
import form from './form.module.css';
import {toneClass} from '@site/src/components/tone';
import styles from './styles.module.css';

export type AuthIcon = 'mail' | 'check' | 'alert' | 'key' | 'lock';

const iconPaths: Record<AuthIcon, ReactNode> = {
  mail: (
    <>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </>
  ),
  check: CHECK_PATHS,
  alert: ALERT_PATHS,
  key: (
    <>
      <circle cx="7.5" cy="15.5" r="5.5" />
      <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
    </>
  ),
  lock: (
    <>
      <rect x="3" y="11" width="18" height="11" rx="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </>
  ),
};

interface CardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: AuthIcon;
  tone?: 'brand' | 'success' | 'danger' | 'warning';
  children?: ReactNode;
  /** Below the card: "Don't have an account? ..." */
  footer?: ReactNode;
  /** The heading receives focus when a view changes (tabIndex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
  wide?: boolean;
}

/** The centred auth card: one heading, a short subtitle, the content, and a footer line below. */
export function AuthCard({
  title,
  subtitle,
  icon,
  tone = 'brand',
  children,
  footer,
  titleRef,
  wide,
}: CardProps): ReactNode {
  return (
    <div className={clsx(styles.column, wide && styles.wide)}>
      <section className={styles.card}>
        {icon ? (
          <div className={clsx(styles.icon, tone === 'brand' ? styles.brand : toneClass(tone))} aria-hidden="true">
            <LineIcon width="24" height="24">
              {iconPaths[icon]}
            </LineIcon>
          </div>
        ) : null}
        <h1 className={styles.title} ref={titleRef} tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <div className={styles.subtitle}>{subtitle}</div> : null}
        <div className={styles.content}>{children}</div>
      </section>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </div>
  );
}

/** The card while its page waits (for the query string, or an answer): a spinner where the content will be. */
export function AuthCardLoading({
  spinner = <Spinner />,
  ...card
}: Omit<CardProps, 'children' | 'footer'> & {spinner?: ReactNode}): ReactNode {
  return (
    <AuthCard {...card}>
      <div className={form.spinnerBox}>{spinner}</div>
    </AuthCard>
  );
}

interface LayoutProps {
  /** The document title (" | IntakeKit" is added). */
  pageTitle: string;
  description: string;
  children: ReactNode;
}

/** The signed-out page frame: site navbar, soft brand background, the card centred. */
export default function AuthLayout({pageTitle, description, children}: LayoutProps): ReactNode {
  return (
    <Layout title={pageTitle} description={description} noFooter>
      <main className={styles.main}>{children}</main>
    </Layout>
  );
}

import {useEffect, useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import {useWindowSize} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebar} from '@docusaurus/plugin-content-docs';
import DocSidebarItems from '@theme/DocSidebarItems';
import {useAuthStore, type User} from '@site/src/stores/auth-store';
import {useSignOut} from '@site/src/stores/use-sign-out';
import {useDeveloperSidebar} from './developer-sidebar';
import {useSlideOver} from './use-slide-over';
import styles from './styles.module.css';
import LineIcon from '@site/src/components/line-icon';
import SearchButton from '@site/src/components/search';

export const SIDEBAR_ID = 'developer-sidebar';

function initialOf(user: User): string {
  const source = (user.name ?? '').trim() || user.email;
  return (source.charAt(0) || '?').toUpperCase();
}

function UserCard({user}: {user: User}): ReactNode {
  const name = user.name?.trim();
  return (
    <div className={styles.user} data-testid="sidebar-user">
      <span className={styles.avatar} aria-hidden="true">
        {initialOf(user)}
      </span>
      <span className={styles.userText}>
        <span className={styles.userName} title={name || user.email}>
          {name || user.email}
        </span>
        {name && (
          <span className={styles.userEmail} title={user.email}>
            {user.email}
          </span>
        )}
      </span>
    </div>
  );
}

function activeLabel(items: PropSidebar, path: string): string | undefined {
  for (const item of items) {
    if (item.type === 'link' && isActiveSidebarItem(item, path)) return item.label;
    if (item.type === 'category') {
      const found = activeLabel(item.items, path);
      if (found) return found;
    }
  }
  return undefined;
}

function MenuIcon(): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

function CloseIcon(): ReactNode {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

function LogoutIcon(): ReactNode {
  return (
    <LineIcon width="18" height="18">
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
    </LineIcon>
  );
}

interface SignedInShellProps {
  children: ReactNode;
  /**
   * The page's name for the small-screen top bar. Account pages pass their title, since not every one has a
   * sidebar link (/team has none); the docs leave it out and get their sidebar label.
   */
  title?: string;
}

/**
 * The signed-in frame: the Developer sidebar (user, navigation from sidebars.ts, logout) and the page.
 * Below 996 px the sidebar becomes a slide-over behind a menu button. Render it inside ProtectedRoute.
 */
export default function SignedInShell({children, title}: SignedInShellProps): ReactNode {
  const user = useAuthStore((state) => state.user);
  const {pathname} = useLocation();
  const items = useDeveloperSidebar();
  const guide = items.filter((item) => item.type === 'category');
  const account = items.filter((item) => item.type !== 'category');
  const mobile = useWindowSize() === 'mobile';
  const {open, show, hide, panelRef, buttonRef} = useSlideOver(mobile);
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();

  // Navigating closes the slide-over.
  useEffect(() => {
    hide();
  }, [pathname, hide]);

  const signOut = useSignOut({callServer: true});
  const onLogout = () => {
    setLeaving(true);
    signOut();
  };

  const modal = mobile && open;
  // 'Developer' (the sidebar's own title) only when neither the page nor the sidebar names the page.
  const current = title ?? activeLabel(items, pathname) ?? 'Developer';

  return (
    <div className={styles.shell}>
      {modal && <div className={styles.backdrop} onClick={hide} aria-hidden="true" data-testid="sidebar-backdrop" />}
      {/* A landmark beside the page on desktop; a modal dialog while open as the small-screen slide-over. */}
      <div
        id={SIDEBAR_ID}
        ref={panelRef}
        className={clsx(styles.sidebar, open && styles.sidebarOpen)}
        aria-labelledby={titleId}
        role={modal ? 'dialog' : 'complementary'}
        aria-modal={modal ? true : undefined}
        inert={mobile && !open}
      >
        <div className={styles.sidebarHeader}>
          <span id={titleId} className={styles.sidebarTitle}>
            Developer
          </span>
          {mobile && (
            <button
              type="button"
              className={clsx('clean-btn', styles.iconButton)}
              onClick={hide}
              aria-label="Close menu"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        {user && <UserCard user={user} />}
        <div className={styles.search}>
          <SearchButton />
        </div>
        <nav className={clsx('menu', styles.nav)} aria-label="Developer navigation">
          <ul className={clsx('menu__list', styles.guideList)}>
            <DocSidebarItems items={guide} activePath={pathname} level={1} onItemClick={hide} />
          </ul>
          {/* The account pages stay in view under the guide's own scroll area, on a laptop and in the phone menu. */}
          <ul className={clsx('menu__list', styles.accountList)}>
            <DocSidebarItems items={account} activePath={pathname} level={1} onItemClick={hide} />
          </ul>
        </nav>
        <div className={styles.sidebarFooter}>
          <button type="button" className={clsx('clean-btn', styles.logout)} onClick={onLogout} disabled={leaving}>
            <LogoutIcon />
            <span>Log out</span>
          </button>
        </div>
      </div>
      <div className={styles.page}>
        <div className={styles.mobileBar}>
          <button
            type="button"
            ref={buttonRef}
            className={clsx('clean-btn', styles.menuButton)}
            onClick={show}
            aria-expanded={open}
            aria-controls={SIDEBAR_ID}
          >
            <MenuIcon />
            <span>Menu</span>
          </button>
          <span className={styles.mobileTitle} aria-hidden="true" data-testid="mobile-page-title">
            {current}
          </span>
        </div>
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}

import {useEffect, useId, type ReactNode} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import {useWindowSize} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebar} from '@docusaurus/plugin-content-docs';
import DocSidebarItems from '@theme/DocSidebarItems';
import {useAuthStore} from '@site/src/stores/auth-store';
import {useDeveloperSidebar} from './developer-sidebar';
import LogoutButton from './logout-button';
import MobileBar from './mobile-bar';
import ShellIcon from './shell-icon';
import UserCard, {UserCardLoading} from './user-card';
import {useSlideOver} from './use-slide-over';
import styles from './styles.module.css';
import SearchButton from '@site/src/components/search';

export const SIDEBAR_ID = 'developer-sidebar';

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
  const titleId = useId();

  // Navigating closes the slide-over.
  useEffect(() => {
    hide();
  }, [pathname, hide]);

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
              <ShellIcon name="close" />
            </button>
          )}
        </div>
        {user ? <UserCard user={user} /> : <UserCardLoading />}
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
          <LogoutButton />
        </div>
      </div>
      <div className={styles.page}>
        <MobileBar open={open} sidebarId={SIDEBAR_ID} onOpen={show} buttonRef={buttonRef} title={current} />
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}

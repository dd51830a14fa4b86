import type {ReactNode, RefObject} from 'react';
import clsx from 'clsx';
import ShellIcon from './shell-icon';
import styles from './mobile-bar.module.css';

interface Props {
  open: boolean;
  /** The id of the sidebar the button opens. */
  sidebarId: string;
  onOpen: () => void;
  /** Focus comes back to the menu button when the slide-over closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The page's name beside the button (the sidebar is hidden, so it says where the reader is). */
  title: string;
}

/** Below 996 px: the bar above the page with the menu button that opens the sidebar as a slide-over. */
export default function MobileBar({open, sidebarId, onOpen, buttonRef, title}: Props): ReactNode {
  return (
    <div className={styles.mobileBar}>
      <button
        type="button"
        ref={buttonRef}
        className={clsx('clean-btn', styles.menuButton)}
        onClick={onOpen}
        aria-expanded={open}
        aria-controls={sidebarId}
      >
        <ShellIcon name="menu" />
        <span>Menu</span>
      </button>
      <span className={styles.mobileTitle} aria-hidden="true" data-testid="mobile-page-title">
        {title}
      </span>
    </div>
  );
}

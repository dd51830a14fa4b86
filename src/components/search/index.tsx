import {lazy, Suspense, useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import LineIcon from '@site/src/components/line-icon';
import styles from './styles.module.css';

// The dialog, MiniSearch and the results list are their own chunk, fetched on the first open (or a hover or focus
// before it), as DocSearch's modal is: every guide page carries the button, few readers search.
const importDialog = () => import('./search-dialog');
const SearchDialog = lazy(importDialog);

function SearchIcon(): ReactNode {
  return (
    <LineIcon width="16" height="16">
      <circle cx="11" cy="11" r="7" />
      <path d="M21 21l-4.3-4.3" />
    </LineIcon>
  );
}

/**
 * The signed-in area's search: a button that opens the search dialog, and Ctrl+K (⌘K on a Mac) from anywhere on the
 * page, as on most documentation sites.
 */
export default function SearchButton(): ReactNode {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // Known only in the browser: the server render says Ctrl K, the common case.
  const [mac, setMac] = useState(false);
  useEffect(() => setMac(/Mac|iPhone|iPad/.test(navigator.userAgent)), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        setMounted(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void importDialog()}
        onFocus={() => void importDialog()}
        aria-keyshortcuts="Control+K Meta+K"
      >
        <SearchIcon />
        <span className={styles.buttonLabel}>Search</span>
        <kbd className={styles.shortcut} aria-hidden="true">
          {mac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {/* In the body, not in the sidebar: that one is inert while the phone's slide-over is closed. */}
      {mounted &&
        createPortal(
          <Suspense
            fallback={
              <p role="status" className="sr-only">
                {open ? 'Loading search...' : ''}
              </p>
            }
          >
            <SearchDialog open={open} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}

import {useDeferredValue, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {Redirect} from '@docusaurus/router';
import {useShallow} from 'zustand/react/shallow';
import {IconBadge} from '@site/src/components/empty-state';
import LineIcon from '@site/src/components/line-icon';
import Spinner from '@site/src/components/spinner';
import SwrProvider from '@site/src/components/swr-provider';
import {useAuthStore} from '@site/src/stores/auth-store';
import styles from './styles.module.css';

/** The whole-area loading state: also what the server renders, so there is no flash. */
export function AuthLoading(): ReactNode {
  return (
    <div className={styles.center} data-testid="auth-loading">
      <Spinner size="lg" label="Loading your account..." />
    </div>
  );
}

export function ServerConnectionIssue({onRetry, retrying}: {onRetry: () => void; retrying?: boolean}): ReactNode {
  return (
    <div className={styles.center}>
      <section className={styles.card} aria-labelledby="server-issue-title">
        <IconBadge tone="warning">
          <LineIcon width="28" height="28">
            <path d="M1 1l22 22M16.72 11.06A10.94 10.94 0 0 1 19 12.55M5 12.55a10.94 10.94 0 0 1 5.17-2.39M10.71 5.05A16 16 0 0 1 22.58 9M1.42 9a15.91 15.91 0 0 1 4.7-2.88M8.53 16.11a6 6 0 0 1 6.95 0M12 20h.01" />
          </LineIcon>
        </IconBadge>
        <h1 id="server-issue-title" className={styles.title}>
          Server Connection Issue
        </h1>
        <p className={styles.text} role="alert">
          We couldn&apos;t reach the IntakeKit API. Your session is kept: check your connection, then try again.
        </p>
        <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
          Retry Connection
        </button>
      </section>
    </div>
  );
}

interface ProtectedRouteProps {
  children: ReactNode;
  /**
   * Render the page while the session loads too, for a reader with a stored session: the static HTML then carries
   * the page beside the spinner, and the `data-stored-session` mark on <html> (src/lib/stored-session) shows one of
   * them before any script has loaded. For pages whose content is the same for everyone (the guide); the page shows
   * its own loading state where it needs the account (the sidebar's user card, the snippets' key).
   */
  whileLoading?: boolean;
}

/**
 * Guards the signed-in area: a spinner while the user loads, the 'Server Connection Issue'
 * screen when the API fails with a stored token, a redirect to /login when signed out.
 */
export default function ProtectedRoute({children, whileLoading = false}: ProtectedRouteProps): ReactNode {
  const {initialized, loading, serverError, authenticated, retry} = useAuthStore(
    useShallow((s) => ({
      initialized: s.initialized,
      loading: s.loading,
      serverError: s.serverError,
      authenticated: s.authenticated,
      retry: s.retry,
    })),
  );
  const status =
    !initialized || loading ? 'loading' : serverError ? 'server-error' : authenticated ? 'signed-in' : 'signed-out';
  // The store's updates render synchronously; mounting the whole signed-in page in that one task blocks the main
  // thread for hundreds of ms on phones. Deferred, React renders the page in the background in short slices
  // (the spinner stays until it is ready). Every other state is cheap and shows at once.
  const deferred = useDeferredValue(status);
  const shown = status === 'signed-in' && deferred !== 'signed-in' ? 'loading' : status;
  let content: ReactNode;
  if (whileLoading && (status === 'loading' || status === 'signed-in')) {
    // The page keeps its place in the tree when the session arrives: React keeps what it has rendered (or
    // hydrated) and only the parts that show the account render again.
    const loading = status === 'loading';
    content = (
      <>
        {loading && (
          <div className={styles.withoutStoredSession}>
            <AuthLoading />
          </div>
        )}
        <div key="page" className={loading ? styles.withStoredSession : styles.page}>
          <SwrProvider>{children}</SwrProvider>
        </div>
      </>
    );
  } else if (shown === 'loading') content = <AuthLoading />;
  else if (shown === 'server-error') content = <ServerConnectionIssue onRetry={() => void retry()} />;
  else if (shown === 'signed-out') content = <Redirect to="/login" />;
  else content = <SwrProvider>{children}</SwrProvider>;
  return (
    <>
      {/* Signed-in pages are private: keep them out of search engines. */}
      <Head>
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      {content}
    </>
  );
}

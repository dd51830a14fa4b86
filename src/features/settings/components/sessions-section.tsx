import {useState, type ReactNode} from 'react';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {getErrorMessage} from '@site/src/lib/errors';
import {signOutOtherSessions, signOutSession, useSessions, type Session} from '../api/sessions';
import styles from './device-list.module.css';

/** 'Chrome 131 on macOS', or what is known of it. */
export function sessionName(session: Pick<Session, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'short'});

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: Session;
  busy: boolean;
  onSignOut: (session: Session) => void;
}): ReactNode {
  const name = sessionName(session);
  return (
    <li className={styles.row}>
      <div className={styles.details}>
        <p className={styles.name}>
          {name}
          {session.current ? <span className={styles.badge}>This device</span> : null}
        </p>
        <p className={styles.meta}>
          {session.ipAddress ?? 'Unknown address'} · Signed in {when(session.signedInAt)} · Last active{' '}
          {when(session.lastActiveAt)}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="button button--sm button--outline button--secondary"
          onClick={() => onSignOut(session)}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={`Sign out ${name}${session.ipAddress ? ` (${session.ipAddress})` : ''}`}
        >
          {busy ? 'Signing out...' : 'Sign out'}
        </button>
      )}
    </li>
  );
}

/** Settings → Sessions: every signed-in browser, with a sign-out for each and for all the others. */
export default function SessionsSection(): ReactNode {
  const {data, error, isLoading, mutate} = useSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{variant: 'success' | 'error'; text: string} | null>(null);

  const run = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setNotice(null);
    try {
      setNotice({variant: 'success', text: await action()});
      await mutate();
    } catch (failure) {
      setNotice({variant: 'error', text: getErrorMessage(failure)});
    } finally {
      setBusy(null);
    }
  };

  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;
  let body: ReactNode;
  if (isLoading) body = <Spinner label="Loading your sessions..." />;
  else if (error && !data) {
    body = <LoadFailed message={getErrorMessage(error)} onRetry={() => void mutate()} />;
  } else {
    body = (
      <ul className={styles.list} aria-label="Signed-in sessions">
        {sessions.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={busy === session.id}
            onSignOut={(s) =>
              void run(s.id, async () => {
                await signOutSession(s);
                return `Signed out ${sessionName(s)}.`;
              })
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <Panel
      id="sessions"
      title="Sessions"
      description="The browsers signed in to your account. Sign out any you do not recognise, then change your password."
    >
      {notice ? (
        <Notice variant={notice.variant} className={styles.notice}>
          {notice.text}
        </Notice>
      ) : null}
      {body}
      {others > 0 ? (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-busy={busy === 'others' || undefined}
            onClick={() =>
              void run('others', async () => {
                const count = await signOutOtherSessions();
                return count === 1 ? 'Signed out 1 other session.' : `Signed out ${count} other sessions.`;
              })
            }
          >
            {busy === 'others' ? 'Signing out...' : 'Sign out all other sessions'}
          </button>
        </div>
      ) : null}
    </Panel>
  );
}

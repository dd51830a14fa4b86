import {useState, type ReactNode} from 'react';
import LoadFailed from '@site/src/components/load-failed';
import Panel from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {getErrorMessage} from '@site/src/lib/errors';
import {useContractForm} from '@site/src/components/form';
import {signOutOtherSessions, signOutSession, useSessions, type Session} from '../api/sessions';
import {FeedbackNotice, type Feedback} from './form-parts';
import RowButton from './row-button';
import styles from './device-list.module.css';
import {toMinute as when} from '@site/src/lib/local-time';

/** 'Chrome 131 on macOS', or what is known of it. */
export function sessionName(session: Pick<Session, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

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
        <RowButton
          label={`Sign out ${name}${session.ipAddress ? ` (${session.ipAddress})` : ''}`}
          onClick={() => onSignOut(session)}
          busy={busy}
        >
          {busy ? 'Signing out...' : 'Sign out'}
        </RowButton>
      )}
    </li>
  );
}

/** Settings → Sessions: every signed-in browser, with a sign-out for each and for all the others. */
export default function SessionsSection(): ReactNode {
  const {data, error, isLoading, mutate} = useSessions();
  // Each sign-out is a request of its own: a form without fields; `target` says which button it is.
  const signOut = useContractForm({defaultValues: {}});
  const [target, setTarget] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = signOut.formState.isSubmitting ? target : null;

  const run = (key: string, action: () => Promise<string>) => {
    setTarget(key);
    setDone(null);
    void signOut.submit(async () => {
      setDone(await action());
      await mutate();
    })();
  };
  const refusal = signOut.formState.errors.root?.server?.message;
  const notice: Feedback = done ? {variant: 'success', text: done} : refusal ? {variant: 'error', text: refusal} : null;

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
              run(s.id, async () => {
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
      <FeedbackNotice feedback={notice} className={styles.notice} />
      {body}
      {others > 0 ? (
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-busy={busy === 'others' || undefined}
            onClick={() =>
              run('others', async () => {
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

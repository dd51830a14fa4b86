import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {mutate} from 'swr';
import {useShallow} from 'zustand/react/shallow';
import Notice from '@site/src/components/notice';
import Spinner from '@site/src/components/spinner';
import SubmitButton from '@site/src/components/submit-button';
import SwrProvider from '@site/src/components/swr-provider';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError, useFormError} from '@site/src/components/form-error';
import form from '@site/src/components/auth-layout/form.module.css';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {acceptInvitationPath, loginHref} from '@site/src/lib/next-path';
import {isApiError} from '@site/src/lib/api-client';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {useAuthStore} from '@site/src/stores/auth-store';
import {acceptInvitation, declineInvitation, lookupInvitation, type InvitationSummary} from '../api/invitations';
import {
  INVALID_LINK_MESSAGE,
  chooseView,
  invitationSentence,
  registerHref,
  type AcceptView,
  type InvitationState,
} from '../lib/accept-view';
import MovingKeysNotice from './moving-keys-notice';
import styles from './styles.module.css';

// A link token is 32 random bytes in base64url (43 characters); anything far from that shape is not worth a request.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,512}$/;

/** A 400 from lookup, accept or decline means the token cannot be used (INVALID_OR_EXPIRED or a malformed body). */
const isUnusableToken = (error: unknown) =>
  errorCode(error) === 'INVALID_OR_EXPIRED' || (isApiError(error) && error.status === 400);

/** Empty the SWR cache: the keys and team a page cached belong to the session (or the team) that just changed. */
const forgetCachedData = () => mutate(() => true, undefined, {revalidate: false});

type Busy = 'join' | 'decline' | 'sign-out' | null;

/** Looks the invitation up once the query is readable, and again on "Try again". */
function useInvitation(token: string | null, queryReady: boolean) {
  const [state, setState] = useState<InvitationState>({status: 'loading'});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!queryReady) return undefined;
    if (!token || !TOKEN_SHAPE.test(token)) {
      setState({status: 'invalid'});
      return undefined;
    }
    let current = true;
    setState({status: 'loading'});
    lookupInvitation(token).then(
      (invitation) => {
        if (current) setState({status: 'loaded', invitation});
      },
      (caught: unknown) => {
        if (!current) return;
        setState(isUnusableToken(caught) ? {status: 'invalid'} : {status: 'failed', message: getErrorMessage(caught)});
      },
    );
    return () => {
      current = false;
    };
  }, [token, queryReady, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {state, setState, retry};
}

/**
 * /accept-invitation?token=...: a public page that reads the auth store. It loads the
 * invitation with lookup and, once the store has checked any stored session, shows the view that fits who is
 * here: sign in or sign up as the invited address, sign out of another one, leave a current team first, or join.
 */
export default function AcceptInvitation(): ReactNode {
  const params = useSearchParams();
  const token = params?.get('token') ?? null;
  const history = useHistory();
  const session = useAuthStore(
    useShallow((s) => ({ready: s.initialized && !s.loading, serverError: s.serverError, user: s.user, retry: s.retry})),
  );
  const invitation = useInvitation(token, params !== null);
  const [busy, setBusy] = useState<Busy>(null);
  // Set once accept succeeded: the refreshed user is in the team now, which must not flash the "already in a team" view.
  const [joined, setJoined] = useState<string | null>(null);
  const {error, setError, errorRef} = useFormError<string>();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const view: AcceptView = chooseView(invitation.state, {
    ready: session.ready,
    serverError: session.serverError,
    user: session.user,
  });

  // A new view replaces the card's content: move focus to its heading so it is read (as the verification page does).
  const kind = joined ? 'joined' : view.kind;
  useEffect(() => {
    if (kind !== 'loading') titleRef.current?.focus();
  }, [kind]);

  /** What a refused action means for the page: an unusable link switches view; anything else is said in the alert. */
  async function refused(caught: unknown) {
    if (isUnusableToken(caught)) {
      setError(null);
      invitation.setState({status: 'invalid'});
      return;
    }
    setError(getErrorMessage(caught));
    // ALREADY_IN_TEAM / INVITATION_WRONG_ACCOUNT: the session changed elsewhere; reload it so the view catches up.
    const code = errorCode(caught);
    if (code === 'ALREADY_IN_TEAM' || code === 'INVITATION_WRONG_ACCOUNT') await useAuthStore.getState().refreshUser();
  }

  async function join(teamName: string) {
    if (!token || busy) return;
    setError(null);
    setBusy('join');
    try {
      await acceptInvitation(token);
      setJoined(teamName);
      await useAuthStore.getState().refreshUser();
      await forgetCachedData();
      history.push('/team');
    } catch (caught) {
      setBusy(null);
      await refused(caught);
    }
  }

  async function decline(accepted: InvitationSummary) {
    if (!token || busy) return;
    setError(null);
    setBusy('decline');
    try {
      await declineInvitation(token);
      invitation.setState({status: 'declined', invitation: accepted});
    } catch (caught) {
      await refused(caught);
    } finally {
      setBusy(null);
    }
  }

  async function signOut() {
    if (busy) return;
    setError(null);
    setBusy('sign-out');
    try {
      await useAuthStore.getState().logout();
      await forgetCachedData();
    } finally {
      setBusy(null);
    }
  }

  if (joined) {
    return (
      <AuthCard icon="check" tone="success" title={`Welcome to ${joined}`} titleRef={titleRef}>
        <div className={form.spinnerBox}>
          <Spinner size="lg" label={`Opening ${joined}...`} />
        </div>
      </AuthCard>
    );
  }

  switch (view.kind) {
    case 'loading':
      return (
        <AuthCard icon="mail" title="Team invitation" subtitle="Checking your invitation link." titleRef={titleRef}>
          <div className={form.spinnerBox} data-testid="invitation-loading">
            <Spinner size="lg" showLabel label="Loading invitation..." />
          </div>
        </AuthCard>
      );

    case 'invalid':
      return (
        <AuthCard icon="alert" tone="danger" title="Invitation link not valid" titleRef={titleRef}>
          <div className={form.stack}>
            <Notice variant="error" data-testid="invitation-invalid">
              {INVALID_LINK_MESSAGE}
            </Notice>
            <p className={styles.muted}>
              Invitations work once and expire after 7 days. Ask the person who invited you to send a new one from their
              Team page.
            </p>
          </div>
          <div className={form.linkRow}>
            <Link to={session.user ? '/dashboard' : '/login'}>
              {session.user ? 'Go to the dashboard' : 'Back to sign in'}
            </Link>
          </div>
        </AuthCard>
      );

    case 'failed':
      return (
        <AuthCard icon="alert" tone="warning" title="We couldn't load this invitation" titleRef={titleRef}>
          <div className={form.stack}>
            <Notice variant="error" data-testid="invitation-failed">
              {view.message}
            </Notice>
            <button type="button" className="button button--primary button--block" onClick={invitation.retry}>
              Try again
            </button>
          </div>
        </AuthCard>
      );

    case 'server-error':
      return (
        <AuthCard icon="alert" tone="warning" title="Server Connection Issue" titleRef={titleRef}>
          <div className={form.stack}>
            <Notice variant="error">
              We couldn&apos;t check your session with the IntakeKit API. Your session is kept: check your connection,
              then try again.
            </Notice>
            <button type="button" className="button button--primary button--block" onClick={() => void session.retry()}>
              Retry Connection
            </button>
          </div>
        </AuthCard>
      );

    case 'declined':
      return (
        <AuthCard icon="check" tone="success" title="Invitation declined" titleRef={titleRef}>
          <Notice variant="success" data-testid="invitation-declined">
            You declined the invitation to join {view.invitation.teamName}.
          </Notice>
          <div className={form.linkRow}>
            <Link to={session.user ? '/dashboard' : '/login'}>
              {session.user ? 'Go to the dashboard' : 'Back to sign in'}
            </Link>
          </div>
        </AuthCard>
      );

    default:
      break;
  }

  // The views about a loaded invitation share its heading and sentence.
  const loaded = view.invitation;
  let body: ReactNode;
  if (view.kind === 'signed-out') {
    const here = acceptInvitationPath(token ?? '');
    body = (
      <div className={styles.actions}>
        <Link className="button button--primary button--block" to={loginHref({next: here, email: loaded.email})}>
          Sign in to accept
        </Link>
        <Link className="button button--secondary button--block" to={registerHref(token ?? '', loaded.email)}>
          Create an account
        </Link>
        <p className={styles.divider}>Not for you?</p>
        <SubmitButton
          type="button"
          variant="secondary"
          loading={busy === 'decline'}
          loadingText="Declining..."
          onClick={() => void decline(loaded)}
        >
          Decline
        </SubmitButton>
      </div>
    );
  } else if (view.kind === 'wrong-account') {
    body = (
      <div className={styles.actions}>
        <Notice variant="warning" data-testid="invitation-wrong-account">
          You are signed in as <span className={styles.emphasis}>{view.signedInAs}</span>, but this invitation is for{' '}
          <span className={styles.emphasis}>{loaded.email}</span>.
        </Notice>
        <SubmitButton
          type="button"
          loading={busy === 'sign-out'}
          loadingText="Signing out..."
          onClick={() => void signOut()}
        >
          Sign out
        </SubmitButton>
      </div>
    );
  } else if (view.kind === 'in-team') {
    body = (
      <div className={styles.actions}>
        <Notice variant="warning" data-testid="invitation-in-team">
          You already belong to {view.currentTeam}. Leave it in Settings before joining {loaded.teamName}.
        </Notice>
        <Link className="button button--primary button--block" to="/settings">
          Go to Settings
        </Link>
      </div>
    );
  } else {
    body = (
      <div className={styles.actions}>
        <SwrProvider>
          <MovingKeysNotice teamName={loaded.teamName} />
        </SwrProvider>
        <SubmitButton
          type="button"
          loading={busy === 'join'}
          loadingText="Joining..."
          disabled={busy !== null}
          onClick={() => void join(loaded.teamName)}
        >
          Join {loaded.teamName}
        </SubmitButton>
        <SubmitButton
          type="button"
          variant="secondary"
          loading={busy === 'decline'}
          loadingText="Declining..."
          disabled={busy !== null}
          onClick={() => void decline(loaded)}
        >
          Decline
        </SubmitButton>
      </div>
    );
  }

  return (
    <AuthCard
      icon="mail"
      title={`Join ${loaded.teamName} on IntakeKit`}
      subtitle={<p>{invitationSentence(loaded)}</p>}
      titleRef={titleRef}
    >
      <FormError errorRef={errorRef}>{error}</FormError>
      {body}
    </AuthCard>
  );
}

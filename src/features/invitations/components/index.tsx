import {useEffect, useRef, type ReactNode} from 'react';
import {useShallow} from 'zustand/react/shallow';
import {AuthCard} from '@site/src/components/auth-layout';
import {FormError} from '@site/src/components/form-error';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {useAuthStore} from '@site/src/stores/auth-store';
import {INVALID_LINK_MESSAGE, chooseView, invitationSentence, type AcceptView} from '../lib/accept-view';
import AnswerView from './answer-views';
import {BackLink, NoticeCard, RetryButton, WaitingCard} from './status-cards';
import {useAnswer} from './use-answer';
import {useInvitation} from './use-invitation';
import styles from './styles.module.css';

/**
 * /accept-invitation?token=...: a public page that reads the auth store. It loads the
 * invitation with lookup and, once the store has checked any stored session, shows the view that fits who is
 * here: sign in or sign up as the invited address, sign out of another one, leave a current team first, or join.
 */
export default function AcceptInvitation(): ReactNode {
  const params = useSearchParams();
  const token = params?.get('token') ?? null;
  const session = useAuthStore(
    useShallow((s) => ({ready: s.initialized && !s.loading, serverError: s.serverError, user: s.user, retry: s.retry})),
  );
  const invitation = useInvitation(token, params !== null);
  const answer = useAnswer(token, invitation);
  const titleRef = useRef<HTMLHeadingElement>(null);

  const view: AcceptView = chooseView(invitation.state, {
    ready: session.ready,
    serverError: session.serverError,
    user: session.user,
  });

  // A new view replaces the card's content: move focus to its heading so it is read (as the verification page does).
  const kind = answer.joined ? 'joined' : view.kind;
  useEffect(() => {
    if (kind !== 'loading') titleRef.current?.focus();
  }, [kind]);

  const signedIn = Boolean(session.user);
  if (answer.joined) {
    const joined = answer.joined;
    return (
      <WaitingCard
        icon="check"
        tone="success"
        title={`Welcome to ${joined}`}
        titleRef={titleRef}
        label={`Opening ${joined}...`}
      />
    );
  }

  switch (view.kind) {
    case 'loading':
      return (
        <WaitingCard
          icon="mail"
          title="Team invitation"
          subtitle="Checking your invitation link."
          titleRef={titleRef}
          testId="invitation-loading"
          showLabel
          label="Loading invitation..."
        />
      );
    case 'invalid':
      return (
        <NoticeCard
          icon="alert"
          tone="danger"
          title="Invitation link not valid"
          titleRef={titleRef}
          noticeVariant="error"
          testId="invitation-invalid"
          notice={INVALID_LINK_MESSAGE}
          footer={<BackLink signedIn={signedIn} />}
        >
          <p className={styles.muted}>
            Invitations work once and expire after 7 days. Ask the person who invited you to send a new one from their
            Team page.
          </p>
        </NoticeCard>
      );
    case 'failed':
      return (
        <NoticeCard
          icon="alert"
          tone="warning"
          title="We couldn't load this invitation"
          titleRef={titleRef}
          noticeVariant="error"
          testId="invitation-failed"
          notice={view.message}
        >
          <RetryButton onClick={invitation.retry}>Try again</RetryButton>
        </NoticeCard>
      );
    case 'server-error':
      return (
        <NoticeCard
          icon="alert"
          tone="warning"
          title="Server Connection Issue"
          titleRef={titleRef}
          noticeVariant="error"
          notice="We couldn't check your session with the IntakeKit API. Your session is kept: check your connection, then try again."
        >
          <RetryButton onClick={() => void session.retry()}>Retry Connection</RetryButton>
        </NoticeCard>
      );
    case 'declined':
      return (
        <NoticeCard
          icon="check"
          tone="success"
          title="Invitation declined"
          titleRef={titleRef}
          noticeVariant="success"
          testId="invitation-declined"
          notice={`You declined the invitation to join ${view.invitation.teamName}.`}
          footer={<BackLink signedIn={signedIn} />}
        />
      );
    default:
      // The views about a loaded invitation share its heading and sentence.
      return (
        <AuthCard
          icon="mail"
          title={`Join ${view.invitation.teamName} on IntakeKit`}
          subtitle={<p>{invitationSentence(view.invitation)}</p>}
          titleRef={titleRef}
        >
          <FormError {...answer.errorProps}>{answer.formError}</FormError>
          <AnswerView view={view} token={token ?? ''} answer={answer} />
        </AuthCard>
      );
  }
}

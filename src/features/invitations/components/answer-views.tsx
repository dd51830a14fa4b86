import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import Notice from '@site/src/components/notice';
import SubmitButton from '@site/src/components/submit-button';
import SwrProvider from '@site/src/components/swr-provider';
import form from '@site/src/components/auth-layout/form.module.css';
import {acceptInvitationPath, loginHref} from '@site/src/lib/next-path';
import type {InvitationSummary} from '../api/invitations';
import {registerHref, type AcceptView} from '../lib/accept-view';
import MovingKeysNotice from './moving-keys-notice';
import type {Answer} from './use-answer';
import styles from './styles.module.css';

type LoadedView = Extract<AcceptView, {invitation: InvitationSummary}>;

interface Props {
  view: Exclude<LoadedView, {kind: 'declined'}>;
  token: string;
  answer: Answer;
}

function DeclineButton({answer, invitation, wait}: {answer: Answer; invitation: InvitationSummary; wait?: boolean}) {
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      loading={answer.running === 'decline'}
      loadingText="Declining..."
      disabled={wait && answer.running !== null}
      onClick={() => answer.decline(invitation)}
    >
      Decline
    </SubmitButton>
  );
}

/** What the person here can do with a loaded invitation: sign in or up, sign out, leave a team first, or answer. */
export default function AnswerView({view, token, answer}: Props): ReactNode {
  const loaded = view.invitation;
  switch (view.kind) {
    case 'signed-out':
      return (
        <div className={styles.actions}>
          <Link
            className="button button--primary button--block"
            to={loginHref({next: acceptInvitationPath(token), email: loaded.email})}
          >
            Sign in to accept
          </Link>
          <Link className="button button--secondary button--block" to={registerHref(token, loaded.email)}>
            Create an account
          </Link>
          <p className={clsx(form.divider, styles.divider)}>Not for you?</p>
          <DeclineButton answer={answer} invitation={loaded} />
        </div>
      );
    case 'wrong-account':
      return (
        <div className={styles.actions}>
          <Notice variant="warning" data-testid="invitation-wrong-account">
            You are signed in as <span className={styles.emphasis}>{view.signedInAs}</span>, but this invitation is for{' '}
            <span className={styles.emphasis}>{loaded.email}</span>.
          </Notice>
          <SubmitButton
            type="button"
            loading={answer.running === 'sign-out'}
            loadingText="Signing out..."
            onClick={answer.signOut}
          >
            Sign out
          </SubmitButton>
        </div>
      );
    case 'in-team':
      return (
        <div className={styles.actions}>
          <Notice variant="warning" data-testid="invitation-in-team">
            You already belong to {view.currentTeam}. Leave it in Settings before joining {loaded.teamName}.
          </Notice>
          <Link className="button button--primary button--block" to="/settings">
            Go to Settings
          </Link>
        </div>
      );
    default:
      return (
        <div className={styles.actions}>
          <SwrProvider>
            <MovingKeysNotice teamName={loaded.teamName} />
          </SwrProvider>
          <SubmitButton
            type="button"
            loading={answer.running === 'join'}
            loadingText="Joining..."
            disabled={answer.running !== null}
            onClick={() => answer.join(loaded.teamName)}
          >
            Join {loaded.teamName}
          </SubmitButton>
          <DeclineButton answer={answer} invitation={loaded} wait />
        </div>
      );
  }
}

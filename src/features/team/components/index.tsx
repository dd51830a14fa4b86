import {useCallback, useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import EmptyState from '@site/src/components/empty-state';
import Notice from '@site/src/components/notice';
import Panel, {PageHeader} from '@site/src/components/panel';
import Spinner from '@site/src/components/spinner';
import {useAuthStore} from '@site/src/stores/auth-store';
import {useTeam, type TeamMember} from '../api/use-team';
import {useTeamActions} from '../api/use-team-actions';
import InviteForm from './invite-form';
import MembersTable from './members-table';
import styles from './styles.module.css';

export const CONFIRM_REMOVE = 'Remove this team member?';

function TeamIcon(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
    </svg>
  );
}

function NoTeam({email}: {email: string | undefined}): ReactNode {
  return (
    <Panel>
      <EmptyState
        as="h2"
        icon={<TeamIcon />}
        title="No Team Organization"
        action={
          <Link className="button button--secondary button--sm" to="/api-keys">
            Go to API Keys
          </Link>
        }>
        <p>
          Your account is not part of a team, so your API keys are your own. To join a team, ask its owner or an admin to
          invite {email ? <strong>{email}</strong> : 'your email address'}.
        </p>
      </EmptyState>
    </Panel>
  );
}

/** The /team screen (spec §2, §5, §7, §8). */
export default function TeamView(): ReactNode {
  const user = useAuthStore((s) => s.user);
  const {data, error, isLoading} = useTeam();
  const actions = useTeamActions();
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    // Spec §8: a failed team load is only logged.
    if (error) console.warn('[team] loading the team failed', error);
  }, [error]);

  const onRemove = useCallback(
    async (member: TeamMember) => {
      if (!window.confirm(CONFIRM_REMOVE)) return;
      setBusyId(member.id);
      try {
        await actions.remove.trigger(member.id);
      } catch (failure) {
        // Spec §8: a failed removal is only logged.
        console.warn('[team] removing a member failed', failure);
      } finally {
        setBusyId(null);
      }
    },
    [actions.remove],
  );

  let body: ReactNode;
  if (isLoading && data === undefined) {
    body = (
      <div className={styles.loading}>
        <Spinner label="Loading your team..." showLabel />
      </div>
    );
  } else if (data === null) {
    body = <NoTeam email={user?.email} />;
  } else if (data) {
    body = (
      <>
        <Notice variant="info" className={styles.shareNote}>
          Members of <strong>{data.team.name}</strong> share its API keys: everyone listed here can see, create, rotate and
          revoke them.
        </Notice>
        <Panel
          id="invite"
          title="Invite a member"
          description="Someone who already has an IntakeKit account joins at once; anyone else gets an email invitation.">
          <InviteForm onInvite={actions.invite.trigger} pending={actions.invite.pending} />
        </Panel>
        <Panel
          id="members"
          title="Members"
          aside={<span className={styles.count}>{data.users.length}</span>}
          flush>
          <MembersTable
            members={data.users}
            currentUserId={user?.id}
            currentUserEmail={user?.email}
            busyId={busyId}
            onRemove={(member) => void onRemove(member)}
          />
        </Panel>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Team"
        description={data?.team ? <>Manage who belongs to <strong>{data.team.name}</strong>.</> : 'Invite colleagues to share API keys.'}
      />
      {body}
    </>
  );
}

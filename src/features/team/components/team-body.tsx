import type {ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import {useClock} from '@site/src/hooks/use-clock';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {TeamData} from '../api/use-team';
import {asTeamRole, teamAbilities} from '../lib/roles';
import InviteForm from './invite-form';
import MembersTable from './members-table';
import LeavePanel from './leave-panel';
import OwnershipPanel from './ownership-panel';
import RemoveMemberDialog from './remove-member-dialog';
import TwoFactorPolicy from './two-factor-policy';
import {useMemberActions} from './use-member-actions';
import styles from './styles.module.css';

/** How often the invitation rows' 'Expires in N days' is recomputed while the page stays open. */
const EXPIRY_TICK_MS = 60_000;

/** A loaded team: what the caller's role allows, section by section. */
export default function TeamBody({data, onLeft}: {data: TeamData; onLeft: (teamName: string) => void}): ReactNode {
  const user = useAuthStore((s) => s.user);
  const role = asTeamRole(data.role);
  const abilities = teamAbilities(role);
  const now = useClock(EXPIRY_TICK_MS);
  const actions = useMemberActions(data);
  const teamName = data.team.name;
  const candidates = data.users.filter((m) => m.role !== 'owner' && m.id !== user?.id);

  return (
    <>
      <Notice variant="info" className={styles.shareNote}>
        Members of <strong>{teamName}</strong> share its API keys: everyone listed here can see, create, rotate and
        revoke them.
      </Notice>
      {abilities.invite ? (
        <Panel
          id="invite"
          title="Invite a member"
          description="We email them a link. They join when they accept it, signed in with that address; the link expires in 7 days."
        >
          <InviteForm onInvite={actions.invite} roles={abilities.inviteRoles} />
        </Panel>
      ) : null}
      <Panel id="members" title="Members" count={data.users.length} flush>
        {actions.feedback ? (
          <div className={styles.feedback}>
            <Notice
              ref={actions.feedbackRef}
              variant={actions.feedback.variant}
              onDismiss={actions.dismissFeedback}
              data-testid="team-feedback"
            >
              {actions.feedback.text}
            </Notice>
          </div>
        ) : null}
        <MembersTable
          members={data.users}
          invitations={abilities.manageInvitations ? data.invitations : []}
          role={role}
          canManageInvitations={abilities.manageInvitations}
          currentUserId={user?.id}
          currentUserEmail={user?.email}
          busy={actions.busy}
          now={now}
          onRemove={actions.setRemoving}
          onChangeRole={actions.changeRole}
          onResend={actions.resend}
          onRevoke={actions.revoke}
        />
      </Panel>

      <TwoFactorPolicy isOwner={role === 'owner'} teamName={teamName} />
      {abilities.transfer ? (
        <OwnershipPanel teamName={teamName} candidates={candidates} onTransfer={actions.transfer} />
      ) : null}
      {abilities.leave ? <LeavePanel teamName={teamName} role={role} onLeft={() => onLeft(teamName)} /> : null}

      <RemoveMemberDialog
        member={actions.removing}
        teamName={teamName}
        onClose={() => actions.setRemoving(null)}
        onConfirm={actions.confirmRemove}
      />
    </>
  );
}

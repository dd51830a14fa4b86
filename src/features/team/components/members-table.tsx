import type {ReactNode} from 'react';
import clsx from 'clsx';
import DataTable, {Cell} from '@site/src/components/data-table';
import type {TeamInvitation, TeamMember} from '../api/use-team';
import {expiryText} from '../lib/expiry';
import {formatRole} from '../lib/format';
import {canRemove, roleChangeFor, type TeamRole} from '../lib/roles';
import {NoActions, Person, RowButton} from './member-cells';
import styles from './members-table.module.css';

/** The row action in flight, so only its button shows pending. */
export interface RowBusy {
  id: string;
  action: 'remove' | 'role' | 'resend' | 'revoke';
}

interface Props {
  members: TeamMember[];
  invitations: TeamInvitation[];
  /** The caller's role: it decides which buttons each row gets. */
  role: TeamRole;
  canManageInvitations: boolean;
  currentUserId: string | undefined;
  currentUserEmail: string | undefined;
  busy: RowBusy | null;
  /** Re-renders the expiry texts when it changes. */
  now: number;
  onRemove: (member: TeamMember) => void;
  onChangeRole: (member: TeamMember, role: 'admin' | 'member') => void;
  onResend: (invitation: TeamInvitation) => void;
  onRevoke: (invitation: TeamInvitation) => void;
}

const COLUMNS = ['Member', 'Email', 'Role', 'Actions'] as const;

/** A pending invitation's buttons: send the link again (the old one stops working), or withdraw it. */
const INVITATION_ACTIONS = [
  {action: 'resend', label: 'Resend', pendingLabel: 'Resending...', danger: false},
  {action: 'revoke', label: 'Revoke', pendingLabel: 'Revoking...', danger: true},
] as const;

/**
 * The members table: Member, Email, Role, Actions. Members first, then pending invitations (role cell
 * 'INVITED' with 'Expires in N days'). Each row offers only what the caller's role allows; nobody
 * gets a button on their own row. Below 600 px the rows are cards (DataTable) and names wrap, so nothing clips.
 */
export default function MembersTable({
  members,
  invitations,
  role,
  canManageInvitations,
  currentUserId,
  currentUserEmail,
  busy,
  now,
  onRemove,
  onChangeRole,
  onResend,
  onRevoke,
}: Props): ReactNode {
  return (
    <DataTable label="Team members" columns={COLUMNS}>
      {members.map((member) => {
        const self = member.id === currentUserId || member.email === currentUserEmail;
        const target = {role: member.role, self};
        const removable = canRemove(role, target);
        const nextRole = roleChangeFor(role, target);
        const rowBusy = busy?.id === member.id ? busy.action : null;
        return (
          <tr role="row" key={member.id} data-testid="team-member-row">
            <Cell label="Member">
              <Person name={member.name} email={member.email} you={self} />
            </Cell>
            <Cell label="Email" className={styles.email}>
              {member.email}
            </Cell>
            <Cell label="Role">
              <span className={clsx(styles.role, styles[`role_${member.role}`])}>{formatRole(member.role)}</span>
            </Cell>
            <Cell label="Actions">
              {removable || nextRole ? (
                <span className={styles.rowActions}>
                  {nextRole ? (
                    <RowButton
                      pendingLabel="Saving..."
                      pending={rowBusy === 'role'}
                      disabled={rowBusy !== null}
                      target={member.email}
                      onClick={() => onChangeRole(member, nextRole)}
                    >
                      {nextRole === 'admin' ? 'Make admin' : 'Make member'}
                    </RowButton>
                  ) : null}
                  {removable ? (
                    <RowButton
                      danger
                      disabled={rowBusy !== null}
                      target={member.email}
                      onClick={() => onRemove(member)}
                    >
                      Remove
                    </RowButton>
                  ) : null}
                </span>
              ) : (
                <NoActions label={self ? 'No actions on your own account' : 'No actions available'} />
              )}
            </Cell>
          </tr>
        );
      })}
      {invitations.map((invitation) => {
        const rowBusy = busy?.id === invitation.id ? busy.action : null;
        const target = `the invitation to ${invitation.email}`;
        return (
          <tr role="row" key={`invitation-${invitation.id}`} data-testid="team-invitation-row">
            <Cell label="Member">
              <Person name={invitation.name} email={invitation.email} invited />
            </Cell>
            <Cell label="Email" className={styles.email}>
              {invitation.email}
            </Cell>
            <Cell label="Role">
              <span className={styles.invitedCell}>
                <span className={clsx(styles.role, styles.role_invited)}>{formatRole('invited')}</span>
                <span className={styles.inviteMeta}>
                  {invitation.role === 'admin' ? 'As admin · ' : null}
                  {expiryText(invitation.expiresAt, now)}
                </span>
              </span>
            </Cell>
            <Cell label="Actions">
              {canManageInvitations ? (
                <span className={styles.rowActions}>
                  {INVITATION_ACTIONS.map(({action, label, pendingLabel, danger}) => (
                    <RowButton
                      key={action}
                      danger={danger}
                      pendingLabel={pendingLabel}
                      pending={rowBusy === action}
                      disabled={rowBusy !== null}
                      target={target}
                      onClick={() => (action === 'resend' ? onResend : onRevoke)(invitation)}
                    >
                      {label}
                    </RowButton>
                  ))}
                </span>
              ) : (
                <NoActions label="No actions available" />
              )}
            </Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}

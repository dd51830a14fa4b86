import type {ReactNode} from 'react';
import clsx from 'clsx';
import DataTable, {SrOnly} from '@site/src/components/data-table';
import type {TeamInvitation, TeamMember} from '../api/use-team';
import {expiryText} from '../lib/expiry';
import {formatRole, memberName} from '../lib/format';
import {canRemove, roleChangeFor, type TeamRole} from '../lib/roles';
import styles from './styles.module.css';

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

function initial(name: string | null, email: string): string {
  return ((name ?? '').trim() || email).charAt(0).toUpperCase() || '?';
}

function NoActions({label}: {label: string}): ReactNode {
  return (
    <span className={styles.muted}>
      <span aria-hidden="true">—</span>
      <SrOnly>{label}</SrOnly>
    </span>
  );
}

function Person({
  name,
  email,
  you,
  invited,
}: {
  name: string | null;
  email: string;
  you?: boolean;
  invited?: boolean;
}): ReactNode {
  return (
    <span className={styles.member}>
      <span className={clsx(styles.avatar, invited && styles.avatarInvited)} aria-hidden="true">
        {initial(name, email)}
      </span>
      <span className={clsx(styles.memberName, !name?.trim() && styles.noName)}>{memberName(name)}</span>
      {you ? <span className={styles.you}>You</span> : null}
    </span>
  );
}

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
    <DataTable label="Team members">
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Member
          </th>
          <th scope="col" role="columnheader">
            Email
          </th>
          <th scope="col" role="columnheader">
            Role
          </th>
          <th scope="col" role="columnheader">
            Actions
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {members.map((member) => {
          const self = member.id === currentUserId || member.email === currentUserEmail;
          const target = {role: member.role, self};
          const removable = canRemove(role, target);
          const nextRole = roleChangeFor(role, target);
          const rowBusy = busy?.id === member.id ? busy.action : null;
          return (
            <tr role="row" key={member.id} data-testid="team-member-row">
              <td role="cell" data-label="Member">
                <Person name={member.name} email={member.email} you={self} />
              </td>
              <td role="cell" data-label="Email" className={styles.email}>
                {member.email}
              </td>
              <td role="cell" data-label="Role">
                <span className={clsx(styles.role, styles[`role_${member.role}`])}>{formatRole(member.role)}</span>
              </td>
              <td role="cell" data-label="Actions">
                {removable || nextRole ? (
                  <span className={styles.rowActions}>
                    {nextRole ? (
                      <button
                        type="button"
                        className="button button--sm button--secondary"
                        disabled={rowBusy !== null}
                        aria-busy={rowBusy === 'role' || undefined}
                        onClick={() => onChangeRole(member, nextRole)}
                      >
                        {rowBusy === 'role' ? 'Saving...' : nextRole === 'admin' ? 'Make admin' : 'Make member'}
                        <SrOnly> {member.email}</SrOnly>
                      </button>
                    ) : null}
                    {removable ? (
                      <button
                        type="button"
                        className="button button--sm button--outline button--danger"
                        disabled={rowBusy !== null}
                        onClick={() => onRemove(member)}
                      >
                        Remove
                        <SrOnly> {member.email}</SrOnly>
                      </button>
                    ) : null}
                  </span>
                ) : (
                  <NoActions label={self ? 'No actions on your own account' : 'No actions available'} />
                )}
              </td>
            </tr>
          );
        })}
        {invitations.map((invitation) => {
          const rowBusy = busy?.id === invitation.id ? busy.action : null;
          return (
            <tr role="row" key={`invitation-${invitation.id}`} data-testid="team-invitation-row">
              <td role="cell" data-label="Member">
                <Person name={invitation.name} email={invitation.email} invited />
              </td>
              <td role="cell" data-label="Email" className={styles.email}>
                {invitation.email}
              </td>
              <td role="cell" data-label="Role">
                <span className={styles.invitedCell}>
                  <span className={clsx(styles.role, styles.role_invited)}>{formatRole('invited')}</span>
                  <span className={styles.inviteMeta}>
                    {invitation.role === 'admin' ? 'As admin · ' : null}
                    {expiryText(invitation.expiresAt, now)}
                  </span>
                </span>
              </td>
              <td role="cell" data-label="Actions">
                {canManageInvitations ? (
                  <span className={styles.rowActions}>
                    <button
                      type="button"
                      className="button button--sm button--secondary"
                      disabled={rowBusy !== null}
                      aria-busy={rowBusy === 'resend' || undefined}
                      onClick={() => onResend(invitation)}
                    >
                      {rowBusy === 'resend' ? 'Resending...' : 'Resend'}
                      <SrOnly> the invitation to {invitation.email}</SrOnly>
                    </button>
                    <button
                      type="button"
                      className="button button--sm button--outline button--danger"
                      disabled={rowBusy !== null}
                      aria-busy={rowBusy === 'revoke' || undefined}
                      onClick={() => onRevoke(invitation)}
                    >
                      {rowBusy === 'revoke' ? 'Revoking...' : 'Revoke'}
                      <SrOnly> the invitation to {invitation.email}</SrOnly>
                    </button>
                  </span>
                ) : (
                  <NoActions label="No actions available" />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}

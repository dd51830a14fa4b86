import type {ReactNode} from 'react';
import clsx from 'clsx';
import DataTable, {SrOnly} from '@site/src/components/data-table';
import type {TeamMember} from '../api/use-team';
import {formatRole, memberName} from '../lib/format';
import styles from './styles.module.css';

interface Props {
  members: TeamMember[];
  currentUserId: string | undefined;
  currentUserEmail: string | undefined;
  busyId: string | null;
  onRemove: (member: TeamMember) => void;
}

function initial(member: TeamMember): string {
  return ((member.name ?? '').trim() || member.email).charAt(0).toUpperCase() || '?';
}

/** The members table (spec §2): Member, Email, Role, Actions; no remove button on the user's own row. */
export default function MembersTable({members, currentUserId, currentUserEmail, busyId, onRemove}: Props): ReactNode {
  return (
    <DataTable label="Team members">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">Member</th>
            <th scope="col" role="columnheader">Email</th>
            <th scope="col" role="columnheader">Role</th>
            <th scope="col" role="columnheader">Actions</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {members.map((member) => {
            const self = member.id === currentUserId || member.email === currentUserEmail;
            const busy = busyId === member.id;
            const name = memberName(member.name);
            return (
              <tr role="row" key={member.id} data-testid="team-member-row">
                <td role="cell" data-label="Member">
                  <span className={styles.member}>
                    <span className={styles.avatar} aria-hidden="true">
                      {initial(member)}
                    </span>
                    <span className={clsx(!member.name?.trim() && styles.noName)}>{name}</span>
                    {self ? <span className={styles.you}>You</span> : null}
                  </span>
                </td>
                <td role="cell" data-label="Email" className={styles.email}>{member.email}</td>
                <td role="cell" data-label="Role">
                  <span className={clsx(styles.role, styles[`role_${member.role}`])}>{formatRole(member.role)}</span>
                </td>
                <td role="cell" data-label="Actions">
                  {self ? (
                    <span className={styles.muted}>
                      <span aria-hidden="true">—</span>
                      <SrOnly>No actions on your own account</SrOnly>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className={clsx('button button--sm button--outline button--danger', styles.removeButton)}
                      disabled={busy}
                      aria-busy={busy || undefined}
                      onClick={() => onRemove(member)}>
                      {busy ? 'Removing...' : 'Remove'}
                      <SrOnly> {member.email}</SrOnly>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
    </DataTable>
  );
}

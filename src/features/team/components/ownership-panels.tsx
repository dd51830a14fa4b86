import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Panel from '@site/src/components/panel';
import type {TeamMember} from '../api/use-team';
import {roleWithArticle, type TeamRole} from '../lib/roles';
import LeaveTeamDialog from './leave-team-dialog';
import SectionRow from './section-row';
import TransferOwnershipDialog from './transfer-ownership-dialog';
import styles from './styles.module.css';

interface OwnershipProps {
  teamName: string;
  /** The admins and members who can become the owner. */
  candidates: TeamMember[];
  onTransfer: (input: {userId: string; password: string}) => Promise<void>;
}

/** 'Ownership' (the owner): an owner leaves only after handing the team to someone else. */
export function OwnershipPanel({teamName, candidates, onTransfer}: OwnershipProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Panel id="ownership" title="Ownership">
      <SectionRow
        action={
          <button
            type="button"
            className={clsx('button button--secondary', styles.sectionButton)}
            onClick={() => setOpen(true)}
            disabled={candidates.length === 0}
          >
            Transfer ownership
          </button>
        }
      >
        You own <strong>{teamName}</strong>. To leave the team, transfer ownership to another member first; you stay on
        as an admin.
        {candidates.length === 0 ? ' Invite someone first: there is nobody to transfer to yet.' : null}
      </SectionRow>
      <TransferOwnershipDialog
        open={open}
        onClose={() => setOpen(false)}
        teamName={teamName}
        candidates={candidates}
        onTransfer={async (input) => {
          await onTransfer(input);
          setOpen(false);
        }}
      />
    </Panel>
  );
}

interface LeaveProps {
  teamName: string;
  role: TeamRole;
  onLeft: () => void;
}

/** 'Leave team' (anyone but the owner): access to the team's keys ends at once. */
export function LeavePanel({teamName, role, onLeft}: LeaveProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Panel id="leave" title="Leave team">
      <SectionRow
        action={
          <button
            type="button"
            className={clsx('button button--danger', styles.sectionButton)}
            onClick={() => setOpen(true)}
          >
            Leave team
          </button>
        }
      >
        You are {roleWithArticle(role)} of <strong>{teamName}</strong>. Leaving ends your access to its API keys at
        once.
      </SectionRow>
      <LeaveTeamDialog
        open={open}
        onClose={() => setOpen(false)}
        teamName={teamName}
        onLeft={() => {
          setOpen(false);
          onLeft();
        }}
      />
    </Panel>
  );
}

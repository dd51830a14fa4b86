import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Panel from '@site/src/components/panel';
import type {TeamMember} from '../api/use-team';
import {roleWithArticle, type TeamRole} from '../lib/roles';
import LeaveTeamDialog from './leave-team-dialog';
import SectionRow from './section-row';
import TransferOwnershipDialog from './transfer-ownership-dialog';
import styles from './styles.module.css';

interface ActionPanelProps {
  id: string;
  title: string;
  /** The button's words and look; it opens the panel's dialog. */
  label: string;
  danger?: boolean;
  disabled?: boolean;
  /** The sentence beside the button. */
  children: ReactNode;
  /** The dialog the button opens, given whether it is open and how it closes. */
  dialog: (shown: {open: boolean; onClose: () => void}) => ReactNode;
}

/** A team panel of one sentence and one button that opens a dialog to confirm. */
function ActionPanel({id, title, label, danger, disabled, children, dialog}: ActionPanelProps): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <Panel id={id} title={title}>
      <SectionRow
        action={
          <button
            type="button"
            className={clsx('button', danger ? 'button--danger' : 'button--secondary', styles.sectionButton)}
            onClick={() => setOpen(true)}
            disabled={disabled}
          >
            {label}
          </button>
        }
      >
        {children}
      </SectionRow>
      {dialog({open, onClose: () => setOpen(false)})}
    </Panel>
  );
}

interface OwnershipProps {
  teamName: string;
  /** The admins and members who can become the owner. */
  candidates: TeamMember[];
  onTransfer: (input: {userId: string; password: string}) => Promise<void>;
}

/** 'Ownership' (the owner): an owner leaves only after handing the team to someone else. */
export function OwnershipPanel({teamName, candidates, onTransfer}: OwnershipProps): ReactNode {
  return (
    <ActionPanel
      id="ownership"
      title="Ownership"
      label="Transfer ownership"
      disabled={candidates.length === 0}
      dialog={(shown) => (
        <TransferOwnershipDialog
          {...shown}
          teamName={teamName}
          candidates={candidates}
          onTransfer={(input) => onTransfer(input).then(shown.onClose)}
        />
      )}
    >
      You own <strong>{teamName}</strong>. To leave the team, transfer ownership to another member first; you stay on as
      an admin.
      {candidates.length === 0 ? ' Invite someone first: there is nobody to transfer to yet.' : null}
    </ActionPanel>
  );
}

interface LeaveProps {
  teamName: string;
  role: TeamRole;
  onLeft: () => void;
}

/** 'Leave team' (anyone but the owner): access to the team's keys ends at once. */
export function LeavePanel({teamName, role, onLeft}: LeaveProps): ReactNode {
  return (
    <ActionPanel
      id="leave"
      title="Leave team"
      label="Leave team"
      danger
      dialog={(shown) => (
        <LeaveTeamDialog
          {...shown}
          teamName={teamName}
          onLeft={() => {
            shown.onClose();
            onLeft();
          }}
        />
      )}
    >
      You are {roleWithArticle(role)} of <strong>{teamName}</strong>. Leaving ends your access to its API keys at once.
    </ActionPanel>
  );
}

import type {ReactNode} from 'react';
import {roleWithArticle, type TeamRole} from '../lib/roles';
import ActionPanel from './action-panel';
import LeaveTeamDialog from './leave-team-dialog';

interface LeaveProps {
  teamName: string;
  role: TeamRole;
  onLeft: () => void;
}

/** 'Leave team' (anyone but the owner): access to the team's keys ends at once. */
export default function LeavePanel({teamName, role, onLeft}: LeaveProps): ReactNode {
  return (
    <ActionPanel
      id="leave"
      title="Leave team"
      label="Leave team"
      danger
      teamName={teamName}
      dialog={(shown) => (
        <LeaveTeamDialog
          {...shown}
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

import type {ReactNode} from 'react';
import type {TeamMember} from '../api/use-team';
import ActionPanel from './action-panel';
import TransferOwnershipDialog from './transfer-ownership-dialog';

interface OwnershipProps {
  teamName: string;
  /** The admins and members who can become the owner. */
  candidates: TeamMember[];
  onTransfer: (input: {userId: string; password: string}) => Promise<void>;
}

/** 'Ownership' (the owner): an owner leaves only after handing the team to someone else. */
export default function OwnershipPanel({teamName, candidates, onTransfer}: OwnershipProps): ReactNode {
  return (
    <ActionPanel
      id="ownership"
      title="Ownership"
      label="Transfer ownership"
      disabled={candidates.length === 0}
      teamName={teamName}
      dialog={(shown) => (
        <TransferOwnershipDialog
          {...shown}
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

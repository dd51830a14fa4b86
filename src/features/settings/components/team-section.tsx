import {useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Notice from '@site/src/components/notice';
import Panel from '@site/src/components/panel';
import type {User} from '@site/src/stores/auth-store';
import DangerRow from './danger-row';

/** The Team feature's leave dialog, passed in by the page: a feature never imports another feature. */
export type LeaveTeamDialogType = ComponentType<{
  open: boolean;
  onClose: () => void;
  teamName: string;
  onLeft: () => void;
}>;

/**
 * Settings' 'Team' section: a member or admin can leave the team here (the Team page's dialog and
 * call); the owner is told to transfer ownership first, on the Team page. Renders nothing for a user with no team,
 * except the confirmation right after leaving.
 */
export default function TeamSection({
  user,
  LeaveTeamDialog,
}: {
  user: User;
  LeaveTeamDialog: LeaveTeamDialogType;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const [left, setLeft] = useState<string | null>(null);
  const leftRef = useRef<HTMLDivElement>(null);
  const team = user.team;

  // The button that opened the dialog has gone with the team: focus the confirmation instead.
  useEffect(() => {
    if (left) leftRef.current?.focus();
  }, [left]);

  if (!team) {
    return left ? (
      <Panel id="team" title="Team">
        <Notice ref={leftRef} variant="success">
          You left {left}. Your account is no longer part of a team.
        </Notice>
      </Panel>
    ) : null;
  }

  const owner = team.role === 'owner';
  return (
    <Panel id="team" title="Team">
      {owner ? (
        <DangerRow title={`You own ${team.name}`}>
          To leave the team, first transfer ownership to another member on the <Link to="/team">Team page</Link>.
        </DangerRow>
      ) : (
        <DangerRow title={team.name} action={{label: 'Leave team', onClick: () => setOpen(true)}}>
          You are {team.role === 'admin' ? 'an admin' : 'a member'} of this team. Leaving ends your access to its API
          keys at once.
        </DangerRow>
      )}
      {owner ? null : (
        <LeaveTeamDialog
          open={open}
          onClose={() => setOpen(false)}
          teamName={team.name}
          onLeft={() => {
            setOpen(false);
            setLeft(team.name);
          }}
        />
      )}
    </Panel>
  );
}

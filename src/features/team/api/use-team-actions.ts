import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import type {TransferBody} from '@intakekit/contract/schemas/team';
import type {GrantableRole} from '../lib/roles';
import {TEAM_PATH, type TeamInvitation, type TeamMember} from './use-team';
import {addTeamMember, type InviteInput} from './add-team-member';
import {changeMemberRole} from './change-member-role';
import {resendInvitation, revokeInvitation} from './invitations';
import {removeTeamMember} from './remove-team-member';
import {transferOwnership} from './transfer-ownership';

/**
 * Every write of the Team page, each reloading the team afterwards (succeeded or refused); each call's failure
 * reaches the page, also when another row's write started after it.
 */
export function useTeamActions() {
  return {
    invite: useWriteThenReload(TEAM_PATH, (arg: InviteInput) => addTeamMember(arg)),
    resend: useWriteThenReload(TEAM_PATH, (arg: TeamInvitation) => resendInvitation(arg)),
    revoke: useWriteThenReload(TEAM_PATH, (arg: TeamInvitation) => revokeInvitation(arg)),
    remove: useWriteThenReload(TEAM_PATH, (arg: TeamMember) => removeTeamMember(arg)),
    changeRole: useWriteThenReload(TEAM_PATH, (arg: {member: TeamMember; role: GrantableRole}) =>
      changeMemberRole(arg.member, arg.role),
    ),
    transfer: useWriteThenReload(TEAM_PATH, (arg: TransferBody) => transferOwnership(arg)),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;

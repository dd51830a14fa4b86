import useSWRMutation from 'swr/mutation';
import type {TransferBody} from '@intakekit/contract/schemas/team';
import type {GrantableRole} from '../lib/roles';
import {TEAM_PATH, type TeamInvitation, type TeamMember} from './use-team';
import {addTeamMember, type InviteInput} from './add-team-member';
import {changeMemberRole} from './change-member-role';
import {resendInvitation, revokeInvitation} from './invitations';
import {removeTeamMember} from './remove-team-member';
import {transferOwnership} from './transfer-ownership';

/**
 * Every write of the Team page, each reloading the team afterwards (succeeded or refused): useSWRMutation
 * revalidates its key once the request has ended either way and rethrows a failure for the page to show.
 */
export function useTeamActions() {
  return {
    invite: useSWRMutation(TEAM_PATH, (_path: string, {arg}: {arg: InviteInput}) => addTeamMember(arg)),
    resend: useSWRMutation(TEAM_PATH, (_path: string, {arg}: {arg: TeamInvitation}) => resendInvitation(arg)),
    revoke: useSWRMutation(TEAM_PATH, (_path: string, {arg}: {arg: TeamInvitation}) => revokeInvitation(arg)),
    remove: useSWRMutation(TEAM_PATH, (_path: string, {arg}: {arg: TeamMember}) => removeTeamMember(arg)),
    changeRole: useSWRMutation(TEAM_PATH, (_path: string, {arg}: {arg: {member: TeamMember; role: GrantableRole}}) =>
      changeMemberRole(arg.member, arg.role),
    ),
    transfer: useSWRMutation(TEAM_PATH, (_path: string, {arg}: {arg: TransferBody}) => transferOwnership(arg)),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;

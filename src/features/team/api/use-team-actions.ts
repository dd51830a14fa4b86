import {useRevalidatingMutation} from '@site/src/components/swr-mutation';
import {TEAM_PATH} from './use-team';
import {addTeamMember} from './add-team-member';
import {changeMemberRole} from './change-member-role';
import {resendInvitation, revokeInvitation} from './invitations';
import {removeTeamMember} from './remove-team-member';
import {transferOwnership} from './transfer-ownership';

/** Every write of the Team page, each reloading the team afterwards (succeeded or refused). */
export function useTeamActions() {
  return {
    invite: useRevalidatingMutation(TEAM_PATH, addTeamMember),
    resend: useRevalidatingMutation(TEAM_PATH, resendInvitation),
    revoke: useRevalidatingMutation(TEAM_PATH, revokeInvitation),
    remove: useRevalidatingMutation(TEAM_PATH, removeTeamMember),
    changeRole: useRevalidatingMutation(TEAM_PATH, changeMemberRole),
    transfer: useRevalidatingMutation(TEAM_PATH, transferOwnership),
  };
}

export type TeamActions = ReturnType<typeof useTeamActions>;
